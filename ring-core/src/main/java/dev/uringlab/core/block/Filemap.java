package dev.uringlab.core.block;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * mm/filemap.c's generic_file_read_iter as a block device opened O_DIRECT reaches it (5.14),
 * with fs/inode.c's touch_atime, which its file_accessed calls.
 */
final class Filemap {
    private Filemap() {}

    /**
     * generic_file_read_iter, IOCB_DIRECT: with IOCB_NOWAIT, no page-cache writeback to wait
     * for (filemap_range_needs_writeback: the device has no cached pages); file_accessed; then
     * {@code mapping->a_ops->direct_IO}, blkdev_direct_IO; a synchronous result advances ki_pos.
     */
    @OutOfLine("generic_file_read_iter")
    static int genericFileReadIter(BlkdevFile file, Kiocb iocb, long addr, int count, Trace trace) {
        trace.step(StepKind.CALL, "generic_file_read_iter");
        if (count == 0) {
            return 0;
        }
        touchAtime(trace);
        int ret = file.blkdevDirectIo(iocb, addr, count, false);
        if (ret > 0) {
            iocb.kiPos += ret;
        }
        return ret;
    }

    /** touch_atime (fs/inode.c): relatime, and the device node's atime is recent: no update. */
    @OutOfLine("touch_atime")
    private static void touchAtime(Trace trace) {
        trace.step(StepKind.CALL, "touch_atime");
    }
}
