package dev.uringlab.demos;

import java.util.List;
import java.util.Map;

/**
 * What one arm's ring looks like after a step, as far as the trace tells: the indexes of both
 * rings (the kernel's and the application's), the CQEs between the CQ head and the cached tail,
 * who holds the completion lock, the waitqueues, and the structures the patches add or remove.
 * Immutable; serialised as is into the interactive page, which only draws it.
 *
 * @param sqHead       the SQ head the kernel has committed (io_commit_sqring)
 * @param sqCachedHead ctx->cached_sq_head: SQEs the kernel has read (io_get_sqe)
 * @param sqTail       the SQ tail the application has published
 * @param sqeTail      liburing's {@code sqe_tail}: SQEs the application has filled, published at the next submit
 * @param cqHead       the CQ head: CQEs the application has consumed
 * @param cqTail       the CQ tail the kernel has committed (io_commit_cqring): what the application sees
 * @param cqCachedTail ctx->cached_cq_tail: CQEs written, visible once committed
 * @param cqes         the CQEs from the head to the cached tail, oldest first
 * @param lock         the thread holding ctx->completion_lock, or {@code null}
 * @param waitqueues   each waitqueue head by name, with its entries ({@code ud 1}, {@code waiter})
 * @param inFlight     requests between io_init_req and their last CQE ({@code 1 POLL_ADD})
 * @param complReqs    user_data of the requests in submit_state's compl_reqs
 * @param taskWork     user_data of the requests whose task work is queued
 * @param deferred     seed 000's submit_state.cqes[]: aux CQEs kept for the next flush
 * @param overflow     CQEs on ctx->cq_overflow_list
 * @param eventfdSignals how often the registered eventfd was signalled
 * @param bioCache     seed 004's per-CPU bio cache: bios cached, by CPU
 * @param biosInFlight bios allocated and not yet put
 * @param pollActive   seed 002's {@code poll->active} of each poll whose flag the trace has shown
 * @param reqCache     requests cached for reuse (submit_state's free list or reqs[]: bulk refills and
 *                     freed batches in, allocations out), or -1 before the trace shows a bulk refill
 * @param files        the bytes waiting in each pipe ({@code p.r}) and each end of a socket pair
 *                     ({@code s.a}, {@code s.b}: its receive queue), by the end they are read from
 *                     ({@link FileBuffers})
 */
public record Snapshot(int sqHead, int sqCachedHead, int sqTail, int sqeTail, int cqHead, int cqTail, int cqCachedTail,
        List<CqeView> cqes, String lock, Map<String, List<String>> waitqueues, List<String> inFlight,
        List<Long> complReqs, List<Long> taskWork, List<CqeView> deferred, List<CqeView> overflow,
        long eventfdSignals, Map<String, Integer> bioCache, int biosInFlight,
        Map<Long, Boolean> pollActive, int reqCache, Map<String, Integer> files) {

    /**
     * One CQE as the page draws it.
     *
     * @param slot  its index in the CQ ring ({@code tail & mask}), or -1 off the ring
     * @param ud    user_data
     * @param res   the result
     * @param flags {@code MORE}, {@code 0}...
     */
    public record CqeView(int slot, long ud, int res, String flags) {
        @Override
        public String toString() {
            return "{ud=" + ud + " res=" + res + (flags.equals("0") ? "" : " " + flags) + "}";
        }
    }
}
