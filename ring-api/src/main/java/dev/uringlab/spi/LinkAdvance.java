package dev.uringlab.spi;

/**
 * Era axis {@code link-advance}: how a link chain's next member gets its turn after its
 * predecessor completed in the submission path. No seed patches it; the kernels differ, and
 * seed 003's race runs in the one that issued the chain inline (5.6). One instance per ring,
 * called on the ring owner's thread with {@code uring_lock} held.
 */
public interface LinkAdvance {

    /**
     * {@code req} is about to be issued in io_queue_sqe. Whether, once it completed there at
     * once and did not fail, the engine issues the next member of its chain right away, on this
     * thread, before anything else (5.6's __io_queue_sqe: the next request from
     * io_put_req_find_next, {@code goto again}; a forced-async one goes to io-wq), or leaves it
     * to io_free_batch_list, whose io_queue_next queues it as task work (io_req_task_queue, the
     * kernels since 5.11).
     *
     * @return true to issue the chain's next members inline
     */
    boolean ioQueueNextInline(IoKiocb req);
}
