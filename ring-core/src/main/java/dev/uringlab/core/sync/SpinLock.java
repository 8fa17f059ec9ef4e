package dev.uringlab.core.sync;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code spinlock_t}: one owner word taken with a CAS (acquire) and released with a release
 * store, as {@code spin_lock}/{@code spin_unlock}. The owner is the holding thread, so a caller
 * can check it holds the lock ({@code lockdep_assert_held}). Not reentrant. Under contention
 * the waiter spins ({@link Thread#onSpinWait()}) and yields now and then, since a JVM thread,
 * unlike a kernel spinlock holder, can be preempted while holding it.
 */
public final class SpinLock {
    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(SpinLock.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through OWNER
    private volatile Thread owner;
    /** Where acquisitions are counted, or null when the user counts them itself (the completion lock). */
    private final Counters counters;
    private final Counter counter;

    /** A lock whose acquisitions its user counts (or nobody does). */
    public SpinLock() {
        this(null, null);
    }

    /** A lock that counts each acquisition as {@code counter}, any thread ({@link Counters#incShared}), once held. */
    public SpinLock(Counters counters, Counter counter) {
        this.counters = counters;
        this.counter = counter;
    }

    /** spin_lock: CAS the owner word from null to the current thread (acquire). */
    public void lock() {
        Thread me = Thread.currentThread();
        if (!OWNER.compareAndSet(this, (Thread) null, me)) {
            lockSlow(me);
        }
        if (counters != null) {
            counters.incShared(counter);
        }
    }

    private void lockSlow(Thread me) {
        int spins = 0;
        do {
            if ((++spins & 0xff) == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        } while (OWNER.getOpaque(this) != null || !OWNER.compareAndSet(this, (Thread) null, me));
    }

    /**
     * spin_unlock: release store of a null owner.
     *
     * @throws IllegalStateException when the current thread does not hold the lock, checked only
     *     where tracing is compiled in (tests, demos): a benchmark pays the kernel's store alone
     */
    public void unlock() {
        if (Trace.COMPILED && OWNER.getOpaque(this) != Thread.currentThread()) {
            throw new IllegalStateException("spin_unlock by a thread that does not hold the lock");
        }
        OWNER.setRelease(this, (Thread) null);
    }

    /** lockdep_assert_held: whether the current thread holds the lock (an opaque load; exact for the holder). */
    public boolean isHeldByCurrentThread() {
        return OWNER.getOpaque(this) == Thread.currentThread();
    }
}
