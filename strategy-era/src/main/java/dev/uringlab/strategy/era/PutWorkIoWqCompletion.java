package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.IoWqCompletion;
import dev.uringlab.spi.Mainline;

/**
 * The io-wq of 5.6 (the kernel of seed 003's RFC, whose third figure punts every NOP of a chain
 * with IOSQE_ASYNC): io-wq holds a reference of its own on each request while a worker runs it,
 * and the worker never keeps a chain. In v5.6 io_worker_handle_work takes that reference through
 * {@code wq->get_work} before the work runs (io_get_work: {@code refcount_inc}, fs/io_uring.c:5942;
 * v5.6.4 fs/io-wq.c:505-508) and drops it through {@code wq->put_work} after the worker next
 * looked for work (io_put_work, fs/io_uring.c:5935; io-wq.c:467-468). A NOP's other two
 * references are gone by then (io_nop's io_put_req after its CQE, fs/io_uring.c:2408;
 * io_wq_submit_work's "drop submission reference", :4550), so io-wq's put is the last: io_free_req
 * finds the next member, frees the request to the slab on the worker's CPU and queues the member
 * to io-wq again (fs/io_uring.c:1466-1475 -> io_queue_async_work, :975-993 -> io_wq_enqueue), where
 * the same worker, still running, takes it from the list (v5.6.4 fs/io-wq.c:549-553). The CQE is
 * io_nop's io_cqring_add_event on the worker: alone under the irq-saving completion lock
 * ({@link CompletionContext#ioCqringAddEvent}).
 *
 * <p>The engine runs that io-wq when {@link #ioWqWorkRefs()} says so: the work list and worker
 * loop of v5.6.4 fs/io-wq.c (io_wqe_enqueue, io_worker_handle_work, io_wqe_worker and the
 * scheduler's io_wq_worker_running/sleeping), and the references through the {@code req-alloc}
 * strategy (5.6's {@code slab} counts them; an allocation that does not gets each request back
 * on the ring owner as the later kernels do).
 *
 * <p>Trade-off: per linked NOP a trip through the work list (an irq-saving lock, a list add, a
 * list removal under the worker's lock and back) and three reference drops where the later
 * kernels' worker runs the chain in a loop of its own (io_wq_free_work) and forwards the
 * submission reference.
 *
 * <p>Threading: stateless; called on an io-wq worker.
 */
public final class PutWorkIoWqCompletion implements IoWqCompletion {
    /** The alias on the {@code iowq-complete} axis. */
    public static final String ALIAS = "put-work";

    private static final PutWorkIoWqCompletion INSTANCE = new PutWorkIoWqCompletion();

    /** io_nop on the worker (v5.6 fs/io_uring.c:2407): io_cqring_add_event, whatever the ring's flags. */
    @Override
    public boolean ioReqCompletePost(CompletionContext cq, IoKiocb req, int setupFlags) {
        cq.ioCqringAddEvent(req);
        return true;
    }

    /** 5.6: {@code wq->get_work}/{@code wq->put_work} (io_get_work, io_put_work). */
    @Override
    public boolean ioWqWorkRefs() {
        return true;
    }

    /** Registers alias {@value #ALIAS} (5.6; 5.5 to 5.6) on axis {@code iowq-complete}. */
    public static final class Provider extends AbstractStrategyProvider<IoWqCompletion> {
        public Provider() {
            super(Axis.IOWQ_COMPLETE, ALIAS, "5.6", Mainline.between("5.5", "5.7"),
                    "io-wq holds a reference of its own on each request (get_work/put_work); its put frees the request on"
                        + " the worker and queues the chain's next member to io-wq again; checked in 5.6, the range (5.5 to"
                        + " 5.6, io_free_work from 5.7) by our reading",
                    ctx -> INSTANCE);
        }
    }
}
