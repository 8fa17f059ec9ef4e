package dev.uringlab.core.block;

import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Cpus;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * The device's completion interrupt for its interrupt-driven queue: one thread (started with
 * the device) that takes the submitted bios in order, processes each (null_handle_cmd) and
 * ends it in hard-IRQ context on the CPU blk-mq raises the completion on. With
 * completion_nsec it waits for each bio's time (the null_blk hrtimer), parked, not spinning.
 *
 * <p>Hand-over: the submitter offers the bio to a JCTools MPSC queue (the release that
 * publishes the bio's fields) and unparks the thread when it said it would park; the Dekker
 * pair (offer, then lv {@code waiting}; sv {@code waiting}, then check the queue) loses no
 * wakeup. What the completion gives back reaches the ring owner as task work.
 */
final class NullBlkIrq implements Runnable {
    private final NullBlk dev;
    private final MpscUnboundedXaddArrayQueue<Bio> pending = new MpscUnboundedXaddArrayQueue<>(256);
    private final Thread thread;
    private volatile boolean waiting;
    private volatile boolean stopped;

    NullBlkIrq(NullBlk dev) {
        this.dev = dev;
        this.thread = Thread.ofPlatform().daemon().name("nullb-" + dev.name + "-irq").unstarted(this);
        thread.start();
    }

    /** The device raises its interrupt for {@code bio} (any submitter thread). */
    void raise(Bio bio) {
        pending.offer(bio);
        if (waiting) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void run() {
        Cpus.setCurrent(NullBlk.IRQ_CPU);
        while (!stopped) {
            Bio bio = pending.relaxedPoll();
            if (bio == null) {
                waiting = true;
                if (pending.isEmpty() && !stopped) {
                    LockSupport.park(this);
                }
                waiting = false;
                continue;
            }
            long wait;
            while (bio.deadline != 0 && (wait = bio.deadline - System.nanoTime()) > 0 && !stopped) {
                LockSupport.parkNanos(this, wait);
            }
            dev.complete(bio, NullBlk.irqCpu(bio), PutContext.IRQ);
        }
    }

    /** The device goes away: the thread ends (bios still pending are never completed, as on a hot-unplug). */
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }
}
