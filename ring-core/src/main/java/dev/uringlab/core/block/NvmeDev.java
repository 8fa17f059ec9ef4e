package dev.uringlab.core.block;

import dev.uringlab.spi.Counters;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.trace.Trace;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The emulated block device: an NVMe drive as seed 004's author measured on, with one
 * memory-backed namespace of {@code size} bytes in 512-byte logical blocks ({@code struct
 * nvme_dev}, drivers/nvme/host/pci.c, 5.14) and its request queue. It has one interrupt-driven
 * I/O queue and {@code pollQueues} poll queues (the nvme driver's poll_queues), each of
 * Q_DEPTH - 1 tags. (null_blk, the other memory-backed device, could not be polled before 5.16.)
 * {@code completion_nsec} delays each completion's visibility (the drive's latency; 0: at
 * once).
 *
 * <p>Threads: submitters and pollers are the ring owner (or io-wq workers), the device's
 * interrupt is its IRQ thread ({@link NvmeIrq}). In the engine's deterministic mode there is
 * no IRQ thread: an interrupt queue's completions run at once, in IRQ context on the submitting
 * CPU, when the submission doorbell is written.
 */
public final class NvmeDev {
    /** The logical block size. */
    public static final int LOGICAL_BLOCK_SIZE = 512;
    /** The tags of each hardware queue: tagset.queue_depth = q_depth - 1. */
    static final int QUEUE_DEPTH = NvmeQueue.Q_DEPTH - 1;

    final String name;
    final long size;
    final long completionNsec;
    final Counters counters;
    final Trace trace;
    final RequestQueue q;
    private final MemorySegment data;
    private final NvmeIrq irq;

    NvmeDev(String name, long size, int pollQueues, long completionNsec, boolean threaded, Counters counters, Trace trace) {
        this.name = name;
        this.size = size;
        this.completionNsec = completionNsec;
        this.counters = counters;
        this.trace = trace;
        this.data = Arena.ofAuto().allocate(size, LOGICAL_BLOCK_SIZE);
        BlkMqHwCtx[] hctx = new BlkMqHwCtx[1 + pollQueues];
        for (int i = 0; i < hctx.length; i++) {
            NvmeQueue nq = new NvmeQueue(this, i + 1, i > 0, trace);
            hctx[i] = new BlkMqHwCtx(i, i > 0, new BlkMqTags(QUEUE_DEPTH, trace), nq);
            nq.hctx = hctx[i];
        }
        this.q = new RequestQueue(hctx, trace);
        this.irq = threaded ? new NvmeIrq(this, hctx[0].driverData) : null;
    }

    /** bdev_nr_sectors. */
    long nrSectors() {
        return size >> Bio.SECTOR_SHIFT;
    }

    /**
     * The controller executing one command: the transfer of {@code len} bytes between the
     * namespace at {@code slba} and the host memory at {@code prp} (DMA). Returns the NVMe status.
     */
    int transfer(int opcode, long slba, long prp, int len) {
        long pos = slba << Bio.SECTOR_SHIFT;
        if (pos + len > size) {
            return NvmeCore.NVME_SC_LBA_RANGE;
        }
        copy(pos, prp, len, opcode == NvmeCore.NVME_CMD_WRITE);
        return NvmeCore.NVME_SC_SUCCESS;
    }

    /** {@code len} bytes between namespace offset {@code pos} and native address {@code addr}. */
    void copy(long pos, long addr, int len, boolean write) {
        if (write) {
            MemorySegment.copy(UserMemory.ALL, addr, data, pos, len);
        } else {
            MemorySegment.copy(data, pos, UserMemory.ALL, addr, len);
        }
    }

    /** The interrupt queue's interrupt: its IRQ thread, or (deterministic) nvme_irq at once on this CPU. */
    void raiseIrq(NvmeQueue nq) {
        if (irq != null) {
            irq.raise();
        } else {
            nq.nvmeIrq(Cpus.current());
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
        return "nvme " + name + " (" + size + " bytes, " + (q.queueHwCtx.length - 1) + " poll queues)";
    }
}
