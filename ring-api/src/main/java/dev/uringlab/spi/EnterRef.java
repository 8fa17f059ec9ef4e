package dev.uringlab.spi;

/**
 * Era axis {@code enter-ref}: whether io_uring_enter pins the ring with a reference on
 * {@code ctx->refs} for the length of the call. The 5.x kernels did (percpu_ref_tryget after
 * fdget, percpu_ref_put on the way out), 6.1 relies on the file reference fdget took. No seed
 * patches it; it is one more RCU read section per system call in the 5.x contexts. One instance
 * per ring, called by the thread in io_uring_enter.
 */
public interface EnterRef {

    /** io_uring_enter, after fdget: take the call's reference ({@code percpu_ref_tryget(&ctx->refs)}), or nothing. */
    void ioUringEnterGet();

    /** io_uring_enter's {@code out:} label: drop it ({@code percpu_ref_put(&ctx->refs)}), or nothing. */
    void ioUringEnterPut();
}
