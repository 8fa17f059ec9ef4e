package dev.uringlab.core.block;

import java.util.concurrent.locks.LockSupport;

/**
 * The interrupt of the device's interrupt-driven queue: one thread (started with the device)
 * that runs nvme_irq whenever the controller raised it, and, with completion_nsec, again when
 * the next completion becomes visible (parked until then, not spinning).
 *
 * <p>Hand-over: the controller sets {@code pending} then unparks the thread if it said it
 * would park; the Dekker pair (sv pending, then lv waiting; sv waiting, then lv pending) loses
 * no interrupt. What the completion gives back reaches the ring owner as task work.
 */
final class NvmeIrq implements Runnable {
    private final NvmeQueue nq;
    private final Thread thread;
    private volatile boolean pending;
    private volatile boolean waiting;
    private volatile boolean stopped;

    NvmeIrq(NvmeDev dev, NvmeQueue nq) {
        this.nq = nq;
        this.thread = Thread.ofPlatform().daemon().name("nvme-" + dev.name + "-irq").unstarted(this);
        thread.start();
    }

    /** The controller raises the interrupt (any thread). */
    void raise() {
        pending = true;
        if (waiting) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void run() {
        while (!stopped) {
            if (pending) {
                pending = false;
                nq.nvmeIrq(-1);
                long at = nq.nextVisibleAt();
                while (at != 0 && !stopped) {
                    long wait = at - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(this, wait);
                    }
                    nq.nvmeIrq(-1);
                    at = nq.nextVisibleAt();
                }
                continue;
            }
            waiting = true;
            if (!pending && !stopped) {
                LockSupport.park(this);
            }
            waiting = false;
        }
    }

    /** The device goes away: the thread ends (completions still pending never come, as on a hot-unplug). */
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }
}
