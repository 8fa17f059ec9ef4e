package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EnterRef;

/**
 * io_uring_enter as in 6.1: the ring is pinned by the file reference fdget took, and no
 * reference on {@code ctx->refs} is taken for the call (io_uring/io_uring.c, io_uring_enter).
 * Nothing to do, nothing to pay. Stateless.
 */
public final class FileRefEnterRef implements EnterRef {

    /** 6.1: nothing beyond fdget. */
    @Override
    public void ioUringEnterGet() {
    }

    /** 6.1: nothing beyond fdput. */
    @Override
    public void ioUringEnterPut() {
    }

    /** Registers alias {@code baseline} on axis {@code enter-ref}. */
    public static final class Provider extends AbstractStrategyProvider<EnterRef> {
        private static final FileRefEnterRef INSTANCE = new FileRefEnterRef();

        public Provider() {
            super(Axis.ENTER_REF, Axis.BASELINE, "6.1",
                    "io_uring_enter takes no ctx reference: the file reference of fdget pins the ring", ctx -> INSTANCE);
        }
    }
}
