package dev.uringlab.spi;

/**
 * How a kernel takes {@code ctx->completion_lock} around a locked section of the completion
 * path: the hook through which the shared posting sections of {@link CompletionContext}
 * ({@link CompletionContext#ioSubmitFlushCompletions}, {@link CompletionContext#ioPollTaskFuncCqe})
 * lock and unlock, so that each is written once and a kernel's {@code completion} strategy says
 * only which flavour its kernel took. The three flavours differ in the interrupt state, not in
 * the lock: each is one locked read-modify-write, and the two irq flavours add one {@code irq}
 * step (docs/recipes.md) for the local_irq_disable/enable or save/restore pair.
 */
public enum CompletionLock {
    /** spin_lock / spin_unlock: 5.15 on ("io_uring: remove IRQ aspect of io_ring_ctx completion lock", v5.15 fs/io_uring.c:2324). */
    SPIN {
        @Override
        public void lock(CompletionContext cq) {
            cq.lock();
        }

        @Override
        public void unlock(CompletionContext cq) {
            cq.unlock();
        }
    },
    /** spin_lock_irq / spin_unlock_irq: 5.14's batch flush and poll task work (v5.14 fs/io_uring.c:2136, 4889). */
    IRQ {
        @Override
        public void lock(CompletionContext cq) {
            cq.lockIrq();
        }

        @Override
        public void unlock(CompletionContext cq) {
            cq.unlockIrq();
        }
    },
    /** spin_lock_irqsave / spin_unlock_irqrestore: 5.6's io_cqring_add_event (v5.6 fs/io_uring.c:1172). */
    IRQSAVE {
        @Override
        public void lock(CompletionContext cq) {
            cq.lockIrqsave();
        }

        @Override
        public void unlock(CompletionContext cq) {
            cq.unlockIrqrestore();
        }
    };

    /** Takes the completion lock of {@code cq} this way. */
    public abstract void lock(CompletionContext cq);

    /** Releases it the matching way. */
    public abstract void unlock(CompletionContext cq);
}
