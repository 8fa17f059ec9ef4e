package dev.uringlab.core.block;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EIO;
import static dev.uringlab.api.Errno.EIOCBQUEUED;
import static dev.uringlab.api.Errno.ENOSPC;
import static dev.uringlab.api.Errno.EOPNOTSUPP;

import dev.uringlab.api.PollEvents;
import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.lang.foreign.MemorySegment;

/**
 * An open block device, {@code def_blk_fops} (fs/block_dev.c, 5.14; block/fops.c from 5.15),
 * opened {@code O_RDWR | O_DIRECT}: blkdev_read_iter and blkdev_write_iter (the end-of-device
 * rules), generic_file_read_iter's direct path to blkdev_direct_IO, which for an asynchronous
 * kiocb is __blkdev_direct_IO: one bio from the ring's bio_set inside its {@code struct
 * blkdev_dio}, no plug of its own for a polled bio ("should go straight to issue"),
 * bio_set_polled for IOCB_HIPRI and the cookie kept in {@code ki_cookie}; its completion
 * blkdev_bio_end_io; and {@code ->iopoll}, blkdev_iopoll.
 *
 * <p>The buffer is taken as a registered buffer's bvec is (bio_iov_bvec_set: no page pinning,
 * nothing to dirty at completion): the emulator does not model user page tables.
 *
 * <p>read(2)/write(2) on it (the synchronous __blkdev_direct_IO_simple) apply the same
 * checks and copy at once: no bio, since no io_uring path goes there.
 */
public final class BlkdevFile extends EmulatedFile {
    /** BIO_MAX_VECS: the most segments one bio takes; a larger IO would need several bios (not emulated). */
    static final int BIO_MAX_VECS = 256;
    private static final int PAGE_SIZE = 4096;
    private static final int ALIGN_MASK = NvmeDev.LOGICAL_BLOCK_SIZE - 1;

    private final NvmeDev bdev;
    private final BioSet bs;
    private final Trace trace;
    private final WaitQueueHead pollHead;

    /**
     * Makes the NVMe device {@code name} and opens it: the device lives as long as the file
     * (its IRQ thread, when {@code threaded}, stops at the last fput).
     */
    public BlkdevFile(String name, long size, int pollQueues, long completionNsec, boolean threaded, BioSet bs,
                      Counters counters, Trace trace) {
        this.bdev = new NvmeDev(name, size, pollQueues, completionNsec, threaded, counters, trace);
        this.bs = bs;
        this.trace = trace;
        this.pollHead = new WaitQueueHead(counters, trace, "nvme " + name);
    }

    /** Whether blk-mq can poll this device (QUEUE_FLAG_POLL: it has poll queues). */
    public boolean queuePoll() {
        return bdev.q.queueFlagPoll();
    }

    /**
     * call_read_iter / call_write_iter: {@code file->f_op->read_iter} or {@code write_iter}
     * through its pointer with a kiocb that has a ki_complete: the result, -errno, or
     * -{@code EIOCBQUEUED} when a bio went to the device.
     */
    public int rwIter(Kiocb iocb, long addr, int len, boolean write) {
        return write ? blkdevWriteIter(iocb, addr, len) : blkdevReadIter(iocb, addr, len);
    }

    /**
     * blkdev_read_iter: a read at or past the end is 0, one across it is shortened
     * (iov_iter_truncate); then generic_file_read_iter.
     */
    @OutOfLine("blkdev_read_iter")
    private int blkdevReadIter(Kiocb iocb, long addr, int len) {
        trace.step(StepKind.CALL, "blkdev_read_iter");
        long pos = iocb.kiPos;
        if (pos >= bdev.size) {
            return 0;
        }
        int count = (int) Math.min(len, bdev.size - pos);
        return Filemap.genericFileReadIter(this, iocb, addr, count, trace);
    }

    /**
     * blkdev_write_iter: a write at or past the end is -ENOSPC, one across it shortened; then
     * (generic_write_checks passing, no privileges to drop) __generic_file_write_iter's direct
     * write: blkdev_direct_IO.
     */
    @OutOfLine("blkdev_write_iter")
    private int blkdevWriteIter(Kiocb iocb, long addr, int len) {
        trace.step(StepKind.CALL, "blkdev_write_iter");
        long pos = iocb.kiPos;
        if (pos >= bdev.size) {
            return -ENOSPC;
        }
        int count = (int) Math.min(len, bdev.size - pos);
        int ret = blkdevDirectIo(iocb, addr, count, true);
        if (ret > 0) {
            iocb.kiPos += ret;
        }
        return ret;
    }

    /**
     * blkdev_direct_IO ({@code a_ops->direct_IO}), an asynchronous kiocb: __blkdev_direct_IO.
     * -EINVAL unless the position, the buffer and the length are aligned to the logical block
     * size; a bio from the bio_set (bio_alloc_bioset, or bio_alloc_kiocb with seed 004's patch
     * 6/6, as the bio-alloc strategy has it) for the pages of the buffer
     * (bio_iov_iter_get_pages), submitted polled (bio_set_polled: REQ_HIPRI | REQ_NOWAIT) when the
     * kiocb is IOCB_HIPRI, after which ki_cookie names it; -EIOCBQUEUED.
     */
    @OutOfLine("blkdev_direct_IO")
    int blkdevDirectIo(Kiocb iocb, long addr, int len, boolean write) {
        trace.step(StepKind.CALL, "blkdev_direct_IO");
        if (((iocb.kiPos | addr | len) & ALIGN_MASK) != 0) {
            return -EINVAL;
        }
        int nrPages = (int) (((addr + len - 1) / PAGE_SIZE) - (addr / PAGE_SIZE) + 1);
        if (nrPages > BIO_MAX_VECS) {
            return -EOPNOTSUPP; // __blkdev_direct_IO's multi-bio path is not emulated
        }
        int cpu = dev.uringlab.spi.Cpus.current();
        boolean isPoll = (iocb.kiFlags & Kiocb.IOCB_HIPRI) != 0;
        Bio bio = bs.bioAllocKiocb(iocb, bdev, 0, write ? Bio.REQ_OP_WRITE : Bio.REQ_OP_READ, cpu);
        bio.dioIsSync = false;
        bio.dioIocb = iocb;
        bio.dioSize = 0;
        bio.dioMultiBio = false;
        bio.dioShouldDirty = false; // a bvec iter: iter_is_iovec is false
        BlkPlug plug = iocb.currentPlug;
        BlkPlug local = null;
        if (!isPoll) {
            local = new BlkPlug(); // on the kernel's stack
            plug = BlkCore.blkStartPlug(local, plug, trace);
        }
        bio.biSector = iocb.kiPos >> Bio.SECTOR_SHIFT;
        bio.biPrivate = bio;
        bio.biEndIo = BlkdevFile::blkdevBioEndIo;
        BioSet.bioIovIterGetPages(bio, addr, len, trace);
        if ((iocb.kiFlags & Kiocb.IOCB_NOWAIT) != 0) {
            bio.biOpf |= Bio.REQ_NOWAIT;
        }
        bio.dioSize += bio.biSize;
        if (isPoll) {
            bio.biOpf |= Bio.REQ_POLLED | Bio.REQ_NOWAIT; // bio_set_polled: an async kiocb
            int qc = BlkCore.submitBio(bdev, bio, plug, cpu, trace);
            iocb.kiCookie = qc; // WRITE_ONCE(iocb->ki_cookie, qc)
        } else {
            BlkCore.submitBio(bdev, bio, plug, cpu, trace);
            BlkCore.blkFinishPlug(local, plug, cpu, trace);
        }
        return -EIOCBQUEUED;
    }

    /**
     * blkdev_bio_end_io ({@code bi_end_io}): one bio, asynchronous: the kiocb completes with the
     * size (ki_pos advanced) or the status's errno through ki_complete, then, nothing to dirty,
     * bio_release_pages (a bvec bio holds no page references) and bio_put, on the completer's
     * CPU and context.
     */
    @OutOfLine("blkdev_bio_end_io")
    static void blkdevBioEndIo(Bio bio, int cpu, PutContext context) {
        bio.biPool.trace.step(StepKind.CALL, "blkdev_bio_end_io");
        Kiocb iocb = bio.dioIocb;
        long ret;
        if (bio.biStatus == Bio.BLK_STS_OK) {
            ret = bio.dioSize;
            iocb.kiPos += ret;
        } else {
            ret = switch (bio.biStatus) { // blk_status_to_errno
                case Bio.BLK_STS_NOTSUPP -> -EOPNOTSUPP;
                case Bio.BLK_STS_AGAIN -> -EAGAIN;
                default -> -EIO;
            };
        }
        iocb.kiComplete.kiComplete(iocb, ret);
        bio.biPool.bioPut(bio, cpu, context);
    }

    /** blkdev_iopoll ({@code ->iopoll}): blk_poll of the queue READ_ONCE(ki_cookie) names; 0 when it names none. */
    @OutOfLine("blkdev_iopoll")
    public int iopoll(Kiocb iocb, int cpu) {
        trace.step(StepKind.CALL, "blkdev_iopoll");
        return BlkMq.blkPoll(bdev, iocb.kiCookie, cpu, trace);
    }

    /** blk_start_plug of io_uring's submit-state plug, when nothing is current->plug yet. */
    public static void blkStartPlug(BlkPlug plug, Trace trace) {
        BlkCore.blkStartPlug(plug, null, trace);
    }

    /** blk_finish_plug of io_uring's submit-state plug: what it holds goes to its device, on CPU {@code cpu}. */
    public static void blkFinishPlug(BlkPlug plug, int cpu, Trace trace) {
        BlkCore.blkFinishPlug(plug, plug, cpu, trace);
    }

    @Override
    public int read(MemorySegment dst, long at, int len) {
        return rwSync(dst.address() + at, len, false);
    }

    @Override
    public int write(MemorySegment src, long at, int len) {
        return rwSync(src.address() + at, len, true);
    }

    /** read(2)/write(2) at position 0 (no lseek is emulated): the same checks, then the copy. */
    private int rwSync(long address, int len, boolean write) {
        long count = Math.min(len, bdev.size);
        if (((address | count) & ALIGN_MASK) != 0) {
            return -EINVAL;
        }
        bdev.copy(0, address, (int) count, write);
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

    /** blkdev_release of the last opener: the device goes with it. */
    @Override
    protected void release() {
        bdev.shutdown();
    }
}
