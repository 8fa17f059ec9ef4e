package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.TaskWork;
import java.util.function.Consumer;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * The task list as in 6.1 (io_uring.c, io_req_task_work_add and tctx_task_work): a lock-free
 * llist, added to with llist_add from any thread and taken whole by the owner
 * (llist_del_all); task_work_add tells the task when the list was empty. Here a JCTools MPSC
 * queue: the offer is the release that publishes the request to the owner, the owner's poll
 * the acquire. The owner's wakeup itself is the engine's.
 *
 * <p>Trade-off: no lock on either side and one notification per batch of adds, against the
 * 5.x spinlock with interrupts off around every add and every take. Threading: the interface's.
 */
public final class LlistTaskWork implements TaskWork {
    /** tctx->task_list. */
    private final MpscUnboundedXaddArrayQueue<IoKiocb> taskList = new MpscUnboundedXaddArrayQueue<>(256);

    /** llist_add. */
    @Override
    public void ioReqTaskWorkAdd(IoKiocb req) {
        taskList.offer(req);
    }

    /** llist_del_all, then each in order (io_req_llist_reverse makes the LIFO llist FIFO; the queue already is). */
    @Override
    public int tctxTaskWorkTake(Consumer<IoKiocb> run) {
        int n = 0;
        for (IoKiocb req; (req = taskList.relaxedPoll()) != null; n++) {
            run.accept(req);
        }
        return n;
    }

    @Override
    public boolean isEmpty() {
        return taskList.isEmpty();
    }

    /** Registers alias {@code baseline} on axis {@code task-work}. */
    public static final class Provider extends AbstractStrategyProvider<TaskWork> {
        public Provider() {
            super(Axis.TASK_WORK, Axis.BASELINE, "6.1",
                    "a lock-free llist: llist_add from any thread, llist_del_all by the owner, task_work_add when it was empty",
                    ctx -> new LlistTaskWork());
        }
    }
}
