package dev.uringlab.core;

import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.EBUSY;
import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINVAL;

import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import java.lang.foreign.MemorySegment;

/**
 * Registered files and buffers (fs/io_uring.c in 5.14, io_uring/rsrc.c and filetable.c in 6.x):
 * the fixed file table ({@code ctx->file_table}) and the registered buffers
 * ({@code ctx->user_bufs}), with the resource node a request pins while it uses either
 * ({@code ctx->rsrc_node->refs}, a percpu_ref: an RCU read section around a per-CPU add, no
 * locked operation). A fixed file is looked up without a reference of its own
 * (io_file_get_fixed) and never put at the request's free; a registered buffer is imported
 * as a bvec (io_import_fixed: iov_iter_bvec), its pages pinned once at registration.
 *
 * <p>6.13 gave every slot its own node ({@code struct io_rsrc_node}, "io_uring/rsrc: get rid of
 * per-ring io_rsrc_node list"): a request pins the node of the file or buffer it uses with a plain
 * {@code node->refs++} under uring_lock and drops it at its free. The NOP's flags (6.13 on, so
 * never without those nodes) take that form ({@link #ioFileGetFixedNode}, {@link #ioFindBufNode},
 * {@link #ioReqPutRsrcNodes}); READ/WRITE with IOSQE_FIXED_FILE and the _FIXED opcodes take the
 * 5.14 form above, on every profile.
 *
 * <p>Threads: registration and every use are under uring_lock (the ring owner, or an io-wq
 * worker issuing a request, which read the table published under the lock).
 */
final class IoRsrc {
    /** The fixed file table: each file holds the reference taken at registration; null when none is registered. */
    private EmulatedFile[] files;
    /** The registered buffers: start address and length of each (imu->ubuf, ubuf_end). */
    private long[] bufAddr;
    private long[] bufLen;
    /** rsrc_node->refs's per-CPU counts (this_cpu_add/sub; summed only when the node is killed, which it is not here). */
    private final long[] rsrcNodeRefs = new long[Cpus.NR_CPU_IDS];
    /** 6.13 on: each fixed file's node's {@code refs} (the table's own reference and one per request using it). */
    private int[] fileNodeRefs;
    /** 6.13 on: each registered buffer's node's {@code refs}. */
    private int[] bufNodeRefs;

    /** io_sqe_files_register: every fd taken (fget), or -EBADF with none kept. */
    int registerFiles(IoRingCtx ctx, int[] fds) {
        if (files != null) {
            return -EBUSY;
        }
        if (fds.length == 0) {
            return -EINVAL;
        }
        EmulatedFile[] table = new EmulatedFile[fds.length];
        for (int i = 0; i < fds.length; i++) {
            table[i] = ctx.fileTable.fget(fds[i]);
            if (table[i] == null) {
                for (int j = 0; j < i; j++) {
                    table[j].fput();
                }
                return -EBADF;
            }
        }
        files = table;
        fileNodeRefs = new int[table.length];
        java.util.Arrays.fill(fileNodeRefs, 1); // io_rsrc_node_alloc: refs = 1, the table's
        return 0;
    }

    /** io_sqe_buffers_register: each buffer's range (its pages are pinned here once, in the kernel). */
    int registerBuffers(MemorySegment[] bufs) {
        if (bufAddr != null) {
            return -EBUSY;
        }
        if (bufs.length == 0) {
            return -EINVAL;
        }
        bufAddr = new long[bufs.length];
        bufLen = new long[bufs.length];
        for (int i = 0; i < bufs.length; i++) {
            bufAddr[i] = bufs[i].address();
            bufLen[i] = bufs[i].byteSize();
        }
        bufNodeRefs = new int[bufs.length];
        java.util.Arrays.fill(bufNodeRefs, 1);
        return 0;
    }

    /**
     * io_file_get_fixed: the file at index {@code fd} with no reference of its own, or null
     * (-EBADF) past the table; the request pins the resource node (io_req_set_rsrc_node).
     */
    EmulatedFile ioFileGetFixed(IoRingCtx ctx, IoRequest req, int fd) {
        EmulatedFile[] t = files;
        if (t == null || fd < 0 || fd >= t.length) {
            return null;
        }
        ioReqSetRsrcNode(ctx, req);
        return t[fd];
    }

    /** io_req_set_rsrc_node: the first resource a request uses pins the node (percpu_ref_get). */
    void ioReqSetRsrcNode(IoRingCtx ctx, IoRequest req) {
        if (!req.fixedRsrcRefs) {
            req.fixedRsrcRefs = true;
            ctx.trace.step(StepKind.RCU, "rcu_read_lock(percpu_ref_get rsrc_node)");
            rsrcNodeRefs[Cpus.current()]++;
        }
    }

    /**
     * io_file_get_fixed (v6.18.2 io_uring/io_uring.c:1998; out of line from io_nop, nop.c:64, in another
     * file): io_ring_submit_lock (:2005, nothing inline: uring_lock is held; an io-wq worker would take
     * it), io_rsrc_node_lookup (:2006, rsrc.h:92: past the table, or no table, is NULL), then for a
     * node {@code node->refs++} (:2008, a plain increment under uring_lock) and the file; null (-EBADF)
     * otherwise. The node is the request's until {@link #ioReqPutRsrcNodes}.
     */
    @OutOfLine("io_file_get_fixed")
    EmulatedFile ioFileGetFixedNode(IoRingCtx ctx, IoRequest req, int fd) {
        ctx.trace.step(StepKind.CALL, "io_file_get_fixed");
        EmulatedFile[] t = files;
        if (t == null || fd < 0 || fd >= t.length) {
            return null;
        }
        fileNodeRefs[fd]++;
        req.fileNode = fd;
        return t[fd];
    }

    /**
     * io_find_buf_node (v6.18.2 io_uring/rsrc.c:1117; out of line from io_nop, nop.c:75): the node of
     * registered buffer {@code req.bufIndex} (io_rsrc_node_lookup, :1128), {@code node->refs++} (:1130,
     * plain) and REQ_F_BUF_NODE (:1125); false (-EFAULT) when there is none.
     */
    @OutOfLine("io_find_buf_node")
    boolean ioFindBufNode(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_find_buf_node");
        if (req.bufNode >= 0) {
            return true; // REQ_F_BUF_NODE: looked up already (:1123-1124)
        }
        long[] a = bufAddr;
        if (a == null || req.bufIndex >= a.length) {
            return false;
        }
        bufNodeRefs[req.bufIndex]++;
        req.bufNode = req.bufIndex;
        return true;
    }

    /**
     * io_req_put_rsrc_nodes (v6.18.2 io_uring/io_uring.c:1492, inline in io_free_batch_list, :1536): the
     * file's and the buffer's node let go, io_put_rsrc_node (rsrc.h:100, inline): a plain
     * {@code --node->refs} under uring_lock; the table keeps its own reference, so none is freed here.
     */
    void ioReqPutRsrcNodes(IoRequest req) {
        if (req.fileNode >= 0) {
            fileNodeRefs[req.fileNode]--;
            req.fileNode = -1;
        }
        if (req.bufNode >= 0) {
            bufNodeRefs[req.bufNode]--;
            req.bufNode = -1;
        }
    }

    /** The references on fixed file {@code slot}'s node (the table's and the requests'), for tests. */
    int fileNodeRefs(int slot) {
        return fileNodeRefs[slot];
    }

    /** The references on registered buffer {@code slot}'s node, for tests. */
    int bufNodeRefs(int slot) {
        return bufNodeRefs[slot];
    }

    /** io_dismantle_req's part: the pinned node is let go (percpu_ref_put). */
    void ioPutRsrcNode(IoRingCtx ctx, IoRequest req) {
        if (req.fixedRsrcRefs) {
            req.fixedRsrcRefs = false;
            ctx.trace.step(StepKind.RCU, "rcu_read_lock(percpu_ref_put rsrc_node)");
            rsrcNodeRefs[Cpus.current()]--;
        }
    }

    /**
     * io_import_fixed: registered buffer {@code req.bufIndex} (-EFAULT past the table), the
     * range [addr, addr + len) inside it (-EFAULT otherwise), then iov_iter_bvec over it.
     */
    int ioImportFixed(IoRingCtx ctx, IoRequest req) {
        long[] a = bufAddr;
        if (a == null || req.bufIndex >= a.length) {
            return -EFAULT;
        }
        long start = a[req.bufIndex];
        if (req.addr < start || req.addr + req.len > start + bufLen[req.bufIndex]) {
            return -EFAULT;
        }
        iovIterBvec(ctx);
        return 0;
    }

    /** iov_iter_bvec (lib/iov_iter.c): the iterator over the buffer's bvec. */
    @OutOfLine("iov_iter_bvec")
    private static void iovIterBvec(IoRingCtx ctx) {
        ctx.trace.step(StepKind.CALL, "iov_iter_bvec");
    }

    /** io_sqe_files_unregister at ring exit: every fixed file put. */
    void unregisterAll() {
        if (files != null) {
            for (EmulatedFile f : files) {
                f.fput();
            }
            files = null;
        }
        fileNodeRefs = null;
        bufNodeRefs = null;
        bufAddr = null;
        bufLen = null;
    }
}
