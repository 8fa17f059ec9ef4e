package dev.uringlab.core.block;

/**
 * {@code struct blk_plug} (include/linux/blkdev.h, 5.14): the requests a task holds back while
 * it submits a batch ({@code mq_list}, {@code rq_count}), flushed at BLK_MAX_REQUEST_COUNT and
 * at blk_finish_plug. io_uring starts one for a submission of more than one read or write
 * (io_init_req) and sets it as {@code current->plug}; the task owns it (plain fields).
 */
public final class BlkPlug {
    /** BLK_MAX_REQUEST_COUNT: a plug holding this many is flushed before it takes another. */
    static final int BLK_MAX_REQUEST_COUNT = 16;

    /** plug->mq_list, in order: head and tail of a singly linked list through rq->queuelist. */
    Request mqHead;
    Request mqTail;
    /** plug->rq_count. */
    int rqCount;
    /** Whether the plug is current->plug (between blk_start_plug and blk_finish_plug). */
    boolean started;
}
