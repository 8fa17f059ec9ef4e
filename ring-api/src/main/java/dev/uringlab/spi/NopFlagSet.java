package dev.uringlab.spi;

/**
 * Era axis {@code nop-flags}: which IORING_OP_NOP flags ({@code sqe->nop_flags},
 * {@link dev.uringlab.api.NopFlags}) the kernel's io_nop_prep takes, its {@code NOP_FLAGS}; a bit
 * outside them fails the SQE with -EINVAL at prep. The flags themselves are the engine's (one
 * io_nop, 6.18's: io_uring/nop.c); this axis says which kernel's NOP a profile runs. No seed
 * patches it: the flags are how a 6.x kernel lets a NOP take the steps a request takes for its
 * file, its registered buffer or a task-work completion, which the kernel prices' calibration
 * uses (docs/prices.md). One instance per ring; stateless.
 */
public interface NopFlagSet {

    /** {@code NOP_FLAGS}: the nop_flags bits io_nop_prep accepts. */
    int nopFlags();
}
