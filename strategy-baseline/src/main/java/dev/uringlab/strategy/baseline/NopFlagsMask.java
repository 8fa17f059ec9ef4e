package dev.uringlab.strategy.baseline;

import static dev.uringlab.api.NopFlags.IORING_NOP_CQE32;
import static dev.uringlab.api.NopFlags.IORING_NOP_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_BUFFER;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_INJECT_RESULT;
import static dev.uringlab.api.NopFlags.IORING_NOP_TW;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.NopFlagSet;

/**
 * io_nop_prep's {@code NOP_FLAGS}: the IORING_OP_NOP flags a kernel takes, a bit outside them
 * -EINVAL at prep. What each flag does is the engine's (ring-core's {@code IoNop}, 6.18's
 * io_nop); here only which kernel's set a ring runs. Two sets, one class:
 * <ul>
 *   <li>{@code baseline}: IORING_NOP_INJECT_RESULT alone, as io_nop_prep checked it before 6.13
 *       ({@code flags & ~IORING_NOP_INJECT_RESULT}, the pre-image of 6.13's "io_uring/nop: add support
 *       for testing registered files and buffers", a85f31052bce). The emulator has always taken it, on
 *       every profile: it is the suite's way to fail a NOP. The kernels of the older profiles had no
 *       nop_flags at all (v6.1-rc7 io_uring/nop.c:13-16: io_nop_prep returns 0 whatever the SQE says),
 *       so there a flag is ignored, where the emulator answers -EINVAL or injects;</li>
 *   <li>{@code file-tw} (6.17 on): 6.13's IORING_NOP_FILE, IORING_NOP_FIXED_FILE and IORING_NOP_FIXED_BUFFER
 *       and 6.17's IORING_NOP_TW ("io_uring/nop: add IORING_NOP_TW completion flag", for-6.17/io_uring),
 *       with 6.18's IORING_NOP_CQE32 (v6.18.2 io_uring/nop.c:24-26), which io_nop_prep refuses on a ring
 *       without 32-byte CQEs (:49-50) as 6.17 refused the unknown bit. No profile names a kernel from
 *       6.13 to 6.16 (FILE without TW), so no alias stands for them.</li>
 * </ul>
 * Stateless: one instance for every ring.
 */
public final class NopFlagsMask implements NopFlagSet {
    /** NOP_FLAGS before 6.13. */
    static final int INJECT_ONLY = IORING_NOP_INJECT_RESULT;
    /** NOP_FLAGS of v6.18.2 (io_uring/nop.c:24-26). */
    static final int FILE_TW = IORING_NOP_INJECT_RESULT | IORING_NOP_FIXED_FILE | IORING_NOP_FIXED_BUFFER | IORING_NOP_FILE
            | IORING_NOP_TW | IORING_NOP_CQE32;

    private final int mask;

    private NopFlagsMask(int mask) {
        this.mask = mask;
    }

    @Override
    public int nopFlags() {
        return mask;
    }

    /** Registers alias {@code baseline} on axis {@code nop-flags}. */
    public static final class Provider extends AbstractStrategyProvider<NopFlagSet> {
        private static final NopFlagsMask INSTANCE = new NopFlagsMask(INJECT_ONLY);

        public Provider() {
            super(Axis.NOP_FLAGS, Axis.BASELINE, "6.1",
                    "io_nop_prep takes IORING_NOP_INJECT_RESULT alone (the NOP before 6.13); any other nop_flags bit is -EINVAL",
                    ctx -> INSTANCE);
        }
    }

    /** Registers alias {@value #ALIAS} (6.17 on) on axis {@code nop-flags}. */
    public static final class FileTwProvider extends AbstractStrategyProvider<NopFlagSet> {
        /** The alias. */
        public static final String ALIAS = "file-tw";
        private static final NopFlagsMask INSTANCE = new NopFlagsMask(FILE_TW);

        public FileTwProvider() {
            super(Axis.NOP_FLAGS, ALIAS, "6.18", Mainline.since("6.17"),
                    "io_nop_prep takes 6.13's NOP_FILE, NOP_FIXED_FILE and NOP_FIXED_BUFFER and 6.17's NOP_TW: a NOP that looks up"
                        + " a file, a registered file or buffer, or completes through task work",
                    ctx -> INSTANCE);
        }
    }
}
