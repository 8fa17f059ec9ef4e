package dev.uringlab.core.block;

import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EIO;
import static dev.uringlab.api.Errno.ENOSPC;
import static dev.uringlab.api.Errno.EOPNOTSUPP;

import dev.uringlab.api.PollEvents;
import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.trace.Trace;
import java.lang.foreign.MemorySegment;

/**
 * An open block device, {@code def_blk_fops} (block/fops.c, fs/block_dev.c before 5.16),
 * opened {@code O_RDWR | O_DIRECT}: blkdev_read_iter and blkdev_write_iter (the end-of-device
 * rules), blkdev_direct_IO's asynchronous path (__blkdev_direct_IO_async: one bio per IO,
 * from the ring's bio_set, REQ_POLLED for IOCB_HIPRI), its completion
 * (blkdev_bio_end_io_async) and {@code ->iopoll} (iocb_bio_iopoll).
 *
 * <p>read(2)/write(2) on it (the synchronous __blkdev_direct_IO_simple) apply the same
 * checks and copy at once: no bio, since no io_uring path goes there.
 */
public final class BlkdevFile extends EmulatedFile {
    /** -EIOCBQUEUED: the IO was submitted and completes through ki_complete. */
    public static final int EIOCBQUEUED = -529;
    /** BIO_MAX_VECS: the most segments one bio takes; a larger IO would need several bios (not emulated). */
    static final int BIO_MAX_VECS = 256;
    private static final int PAGE_SIZE = 4096;
    private static final int ALIGN_MASK = NullBlk.LOGICAL_BLOCK_SIZE - 1;

    private final NullBlk bdev;
    private final BioSet bs;
    private final WaitQueueHead pollHead;

    /**
     * Makes null_blk device {@code name} and opens it: the device lives as long as the file
     * (its IRQ thread, when {@code threaded}, stops at the last fput).
     */
    public BlkdevFile(String name, long size, int pollQueues, long completionNsec, boolean threaded, BioSet bs,
                      Counters counters, Trace trace) {
        this.bdev = new NullBlk(name, size, pollQueues, completionNsec, threaded, counters, trace);
        this.bs = bs;
        this.pollHead = new WaitQueueHead(counters, trace, "nullb " + name);
    }

    /** Whether blk-mq can poll this device (QUEUE_FLAG_POLL: it has poll queues). */
    public boolean queuePoll() {
        return bdev.queuePoll();
    }

    /**
     * blkdev_read_iter / blkdev_write_iter with IOCB_DIRECT on a kiocb with a ki_complete: a
     * read at or past the end is 0 and one across it is shortened; a write at or past the end
     * is -ENOSPC and one across it shortened. Then blkdev_direct_IO: the result, -errno, or
     * {@link #EIOCBQUEUED} when a bio went to the device.
     */
    public int rwIter(Kiocb iocb, long addr, int len, boolean write) {
        long pos = iocb.kiPos;
        if (pos < 0) {
            return -EINVAL; // rw_verify_area
        }
        long count = len;
        if (pos + count > bdev.size) {
            if (pos >= bdev.size) {
                return write ? -ENOSPC : 0;
            }
            count = bdev.size - pos;
        }
        if (count == 0) {
            return 0;
        }
        return blkdevDirectIo(iocb, addr, (int) count, write);
    }

    /**
     * blkdev_direct_IO then __blkdev_direct_IO_async: -EINVAL unless the position, the buffer
     * and the length are aligned to the logical block size (blkdev_dio_invalid); a bio from
     * the bio_set (bio_alloc_kiocb in 5.15) with one segment per page of the buffer
     * (bio_iov_iter_get_pages), submitted polled when the kiocb is IOCB_HIPRI, after which
     * kiocb->private names it.
     */
    private int blkdevDirectIo(Kiocb iocb, long addr, int len, boolean write) {
        if (((iocb.kiPos | addr | len) & ALIGN_MASK) != 0) {
            return -EINVAL;
        }
        int nrPages = (int) (((addr + len - 1) / PAGE_SIZE) - (addr / PAGE_SIZE) + 1);
        if (nrPages > BIO_MAX_VECS) {
            return -EOPNOTSUPP; // __blkdev_direct_IO's multi-bio path is not emulated
        }
        int cpu = Cpus.current();
        int opf = write ? Bio.REQ_OP_WRITE : Bio.REQ_OP_READ;
        if ((iocb.kiFlags & Kiocb.IOCB_NOWAIT) != 0) {
            opf |= Bio.REQ_NOWAIT;
        }
        Bio bio = bs.bioAllocKiocb(iocb, bdev, nrPages, opf, cpu);
        bio.biSector = iocb.kiPos >> Bio.SECTOR_SHIFT;
        bio.biEndIo = BlkdevFile::blkdevBioEndIoAsync;
        bio.biPrivate = iocb;
        long a = addr;
        long end = addr + len;
        while (a < end) {
            long pageEnd = (a / PAGE_SIZE + 1) * PAGE_SIZE;
            int seg = (int) (Math.min(pageEnd, end) - a);
            bio.bioAddPage(a, seg);
            a += seg;
        }
        if ((iocb.kiFlags & Kiocb.IOCB_HIPRI) != 0) {
            bio.biOpf |= Bio.REQ_POLLED;
            BlkCore.submitBio(bio, cpu);
            iocb.kiPrivate = bio; // WRITE_ONCE(iocb->private, bio), after submit_bio as in the kernel
        } else {
            BlkCore.submitBio(bio, cpu);
        }
        return EIOCBQUEUED;
    }

    /**
     * blkdev_bio_end_io_async: clear kiocb->private, complete the kiocb with the size or
     * the status's errno (advancing ki_pos on success), then bio_put, on the completer's CPU and context.
     */
    static void blkdevBioEndIoAsync(Bio bio, int cpu, PutContext context) {
        Kiocb iocb = (Kiocb) bio.biPrivate;
        BioSet pool = bio.biPool;
        iocb.kiPrivate = null;
        long ret;
        if (bio.biStatus == Bio.BLK_STS_OK) {
            ret = bio.biSize;
            iocb.kiPos += ret;
        } else {
            ret = bio.biStatus == Bio.BLK_STS_NOTSUPP ? -EOPNOTSUPP : -EIO; // blk_status_to_errno
        }
        iocb.kiComplete.kiComplete(iocb, ret);
        pool.bioPut(bio, cpu, context);
    }

    /**
     * iocb_bio_iopoll ({@code ->iopoll}): poll the queue of the bio still in flight
     * (READ_ONCE(kiocb->private)); 0 when it is done or went to a queue that cannot poll.
     */
    public int iopoll(Kiocb iocb) {
        Bio bio = iocb.kiPrivate;
        return bio == null ? 0 : BlkCore.bioPoll(bio, Cpus.current());
    }

    @Override
    public int read(MemorySegment dst, int len) {
        return rwSync(dst, len, false);
    }

    @Override
    public int write(MemorySegment src, int len) {
        return rwSync(src, len, true);
    }

    /** read(2)/write(2) at position 0 (no lseek is emulated): the same checks, then the copy. */
    private int rwSync(MemorySegment buf, int len, boolean write) {
        long count = Math.min(len, bdev.size);
        if (((buf.address() | count) & ALIGN_MASK) != 0) {
            return -EINVAL;
        }
        bdev.copy(0, buf.address(), (int) count, write);
        return (int) count;
    }

    /** A block device is always ready (DEFAULT_POLLMASK). */
    @Override
    public int poll() {
        return PollEvents.POLLIN | PollEvents.POLLOUT;
    }

    @Override
    public WaitQueueHead pollHead() {
        return pollHead;
    }

    /** blkdev_release of the last opener: the null_blk device goes with it (configfs rmdir). */
    @Override
    protected void release() {
        bdev.shutdown();
    }
}
