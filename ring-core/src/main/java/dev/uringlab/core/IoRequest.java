package dev.uringlab.core;

import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.core.mm.SlabObject;
import dev.uringlab.spi.IoKiocb;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct io_kiocb}: one request, from io_init_req to its free. Made by the request
 * slab ({@code req_cachep}, a page of them at a time) and handed out by the {@code req-alloc}
 * strategy; io_init_req rewrites every field, so a recycled request carries nothing over.
 *
 * <p>Owned by the ring owner's thread, except while an io-wq worker runs it: the request is
 * handed to the worker through the io-wq list (a lock) and back through the task-work queue
 * (a release/acquire pair), so plain fields are enough.
 */
final class IoRequest extends SlabObject implements IoKiocb {
    /** io_task_work.func values: what the task-work run does with the request. */
    static final int TW_NONE = 0;
    /** io_req_task_complete: the result is final, join the completion batch. */
    static final int TW_COMPLETE = 1;
    /** io_req_task_submit: issue the request (a linked or drained request's turn came). */
    static final int TW_SUBMIT = 2;
    /** io_req_task_cancel: fail the request with {@code res} (io_req_task_queue_fail). */
    static final int TW_FAIL = 3;
    /** io_req_tw_fail_links: complete this request and every later one of its chain as cancelled. */
    static final int TW_FAIL_LINKS = 4;
    /** io_poll_task_func. */
    static final int TW_POLL = 5;

    int opcode;
    /** req->flags (REQ_F_*, bits 0-6 the SQE's IOSQE_* bits). */
    int flags;
    long userData;
    int res;
    int cflags;
    /** req->cqe.fd: the fd to resolve at issue (io_assign_file); a NOP's nop->fd. */
    int fd;
    /** req->file, with a reference held while set. */
    EmulatedFile file;
    /** READ/WRITE: rw->addr, rw->len, sqe->off (the kiocb's ki_pos); NOP: the injected result in {@code len} (nop->result). */
    long addr;
    long off;
    int len;
    /** The op-flags word (rw_flags, poll events, nop_flags: nop->flags). */
    int opFlags;
    /** READ_FIXED / WRITE_FIXED, and a NOP with IORING_NOP_FIXED_BUFFER: sqe->buf_index. */
    int bufIndex;
    /** req->fixed_rsrc_refs set: the request pins the ring's resource node (a fixed file or buffer). */
    boolean fixedRsrcRefs;
    /** 6.13 on: req->file_node, the fixed file slot whose node the request pins, or -1 ({@link IoRsrc#ioFileGetFixedNode}). */
    int fileNode = -1;
    /** 6.13 on: req->buf_node under REQ_F_BUF_NODE, the registered buffer whose node the request pins, or -1. */
    int bufNode = -1;
    /** req->link: the next request of its chain. */
    IoRequest link;
    /** io_task_work.func. */
    int twFunc;
    /** io_task_work.node.next on a DEFER_TASKRUN ring's ctx->work_llist: the request added before, or its fake node ({@link IoLocalWork}). */
    Object twNext;
    /** The poll state of a POLL_ADD request, made on first use and kept with the request. */
    IoPoll poll;
    /** READ/WRITE on a block device: struct io_rw's kiocb, made on first use and kept with the request. */
    IoRw.RwKiocb kiocb;
    /** req->iopoll_completed: so by io_complete_rw_iopoll on the completing thread, la by io_do_iopoll. */
    int iopollCompleted;
    /** req->comp_list on ctx->iopoll_list (owner, uring_lock). */
    IoRequest iopollNext;
    /** req->refs (refcount_t, the kernels up to 5.10): set plain, dropped with a locked decrement through REFS. */
    @SuppressWarnings("unused") // accessed through REFS
    private int refs;

    private static final VarHandle REFS;

    static {
        try {
            REFS = MethodHandles.lookup().findVarHandle(IoRequest.class, "refs", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override public int opcode() { return opcode; }
    @Override public long userData() { return userData; }
    @Override public int res() { return res; }
    @Override public int cflags() { return cflags; }
    @Override public int flags() { return flags; }
    @Override public void setFlags(int mask) { flags |= mask; }
    @Override public void clearFlags(int mask) { flags &= ~mask; }
    @Override public void refcountSet(int n) { refs = n; }

    /** A locked decrement (getAndAdd, the kernel's lock xadd); a count that drops below zero is a use after free. */
    @Override
    public boolean refcountDecAndTest() {
        int old = (int) REFS.getAndAdd(this, -1);
        if (old <= 0) {
            throw new IllegalStateException("refcount_dec_and_test on a request with no reference left: " + this);
        }
        return old == 1;
    }

    /** A locked increment (getAndAdd); from zero it would revive a freed request. */
    @Override
    public void refcountInc() {
        int old = (int) REFS.getAndAdd(this, 1);
        if (old <= 0) {
            throw new IllegalStateException("refcount_inc on a request with no reference left: " + this);
        }
    }

    /** io_req_set_res. */
    void setRes(int res, int cflags) {
        this.res = res;
        this.cflags = cflags;
    }

    @Override
    public String toString() {
        return dev.uringlab.api.Opcodes.name(opcode) + "(ud=" + userData + ", res=" + res + ", flags=0x"
                + Integer.toHexString(flags) + ")";
    }
}
