package dev.uringlab.core.block;

import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;

/**
 * A memory-backed null_blk device (drivers/block/null_blk/main.c, queue_mode=2 blk-mq,
 * memory_backed=1, blocksize=512): {@code size} bytes of memory, {@code poll_queues} hardware
 * queues of type HCTX_TYPE_POLL and one interrupt-driven queue. A bio with REQ_POLLED goes
 * to a poll queue ({@code null_queue_rq} puts it on {@code nq->poll_list}) and is completed
 * by whoever polls that queue ({@code null_poll}, from bio_poll); any other bio goes to the
 * interrupt queue, whose completion the device's IRQ thread plays ({@link NullBlkIrq}).
 * {@code completion_nsec} delays each completion (the null_blk timer); 0 by default.
 *
 * <p>Not emulated: blk-mq's {@code struct request} and its tags (each bio goes to a queue as
 * is: the same work in every arm of a race), plugging, merging, zones, bad blocks.
 *
 * <p>Threads: the ring owner submits and polls (the poll lists are its own, under
 * uring_lock); the IRQ thread completes interrupt-queue bios. In the engine's deterministic
 * mode there is no IRQ thread: an interrupt-queue bio is completed at once, in IRQ context
 * on the CPU the interrupt would be raised on, before submit_bio returns (null_blk's
 * irqmode=0 timing).
 */
public final class NullBlk {
    /** The logical block size, SECTOR_SIZE. */
    public static final int LOGICAL_BLOCK_SIZE = 512;
    /** The CPU the device's interrupt is bound to when completions are not steered (the last one). */
    static final int IRQ_CPU = dev.uringlab.spi.Cpus.NR_CPU_IDS - 1;

    final String name;
    final long size;
    final long completionNsec;
    final Counters counters;
    final Trace trace;
    private final MemorySegment data;
    /** nq->poll_list of each poll queue (ring owner only). */
    private final ArrayDeque<Bio>[] pollList;
    /** The IRQ thread, null in deterministic mode. */
    private final NullBlkIrq irq;

    @SuppressWarnings("unchecked")
    NullBlk(String name, long size, int pollQueues, long completionNsec, boolean threaded, Counters counters, Trace trace) {
        this.name = name;
        this.size = size;
        this.completionNsec = completionNsec;
        this.counters = counters;
        this.trace = trace;
        this.data = Arena.ofAuto().allocate(size, LOGICAL_BLOCK_SIZE);
        this.pollList = new ArrayDeque[pollQueues];
        for (int i = 0; i < pollQueues; i++) {
            pollList[i] = new ArrayDeque<>();
        }
        this.irq = threaded ? new NullBlkIrq(this) : null;
    }

    /** QUEUE_FLAG_POLL: the device has poll queues. */
    boolean queuePoll() {
        return pollList.length > 0;
    }

    /** bdev_nr_sectors. */
    long nrSectors() {
        return size >> Bio.SECTOR_SHIFT;
    }

    /**
     * blk_mq_submit_bio + null_queue_rq: a polled bio is queued on the poll queue of the
     * submitting CPU (blk_mq_map_queue for HCTX_TYPE_POLL) and its cookie names the queue;
     * any other bio goes to the interrupt queue.
     */
    void nullQueueBio(Bio bio, int cpu) {
        bio.submitCpu = cpu;
        if (completionNsec > 0) {
            bio.deadline = System.nanoTime() + completionNsec;
        }
        if ((bio.biOpf & Bio.REQ_POLLED) != 0) {
            int q = cpu % pollList.length;
            bio.biCookie = q;
            pollList[q].addLast(bio);
        } else if (irq != null) {
            irq.raise(bio);
        } else {
            complete(bio, irqCpu(bio), PutContext.IRQ);
        }
    }

    /**
     * null_poll (the blk_mq_ops->poll of a poll queue): take the commands that are done (all
     * of them, unless completion_nsec holds some back), process each and end it in the
     * poller's context. Returns how many completed.
     */
    int nullPoll(int queue, int cpu) {
        ArrayDeque<Bio> list = pollList[queue];
        int found = 0;
        Bio bio;
        while ((bio = list.peekFirst()) != null) {
            if (bio.deadline != 0 && System.nanoTime() - bio.deadline < 0) {
                break;
            }
            list.pollFirst();
            complete(bio, cpu, PutContext.POLLED);
            found++;
        }
        trace.emit(TracePoint.BIO_POLL, queue, found);
        return found;
    }

    /**
     * The CPU an interrupt-queue completion runs on: blk-mq completes a request on the CPU it
     * was submitted on (QUEUE_FLAG_SAME_COMP, the default: blk_mq_complete_request raises it
     * there), so the IRQ thread plays the interrupt on that CPU.
     */
    static int irqCpu(Bio bio) {
        return bio.submitCpu;
    }

    /** null_handle_cmd then blk_mq_end_request: the transfer, then bio_endio in {@code context} on {@code cpu}. */
    void complete(Bio bio, int cpu, PutContext context) {
        bio.biStatus = nullHandleCmd(bio);
        if (context == PutContext.IRQ) {
            counters.incShared(Counter.BIO_IRQ_COMPLETE);
        }
        BlkCore.bioEndio(bio, cpu, context);
    }

    /**
     * null_handle_cmd / null_transfer for a memory-backed device: copy each segment between
     * the device's memory and the buffer; a bio beyond the end is BLK_STS_IOERR.
     */
    private int nullHandleCmd(Bio bio) {
        long pos = bio.biSector << Bio.SECTOR_SHIFT;
        if (pos + bio.biSize > size) {
            return Bio.BLK_STS_IOERR;
        }
        boolean write = bio.bioOp() == Bio.REQ_OP_WRITE;
        for (int i = 0; i < bio.biVcnt; i++) {
            copy(pos, bio.bvAddr[i], bio.bvLen[i], write);
            pos += bio.bvLen[i];
        }
        return Bio.BLK_STS_OK;
    }

    /** null_transfer of one segment: {@code len} bytes between device offset {@code pos} and native address {@code addr}. */
    void copy(long pos, long addr, int len, boolean write) {
        if (write) {
            MemorySegment.copy(UserMemory.ALL, addr, data, pos, len);
        } else {
            MemorySegment.copy(data, pos, UserMemory.ALL, addr, len);
        }
    }

    /** The device is going away (its last file reference): stop the IRQ thread. */
    void shutdown() {
        if (irq != null) {
            irq.stop();
        }
    }

    @Override
    public String toString() {
        return "nullb " + name + " (" + size + " bytes, " + pollList.length + " poll queues)";
    }
}
