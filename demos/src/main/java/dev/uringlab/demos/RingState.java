package dev.uringlab.demos;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_HARDLINK;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;

import dev.uringlab.api.CqeFlags;
import dev.uringlab.api.Errno;
import dev.uringlab.api.Opcodes;
import dev.uringlab.demos.Snapshot.CqeView;
import dev.uringlab.spi.trace.TraceEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One arm's ring rebuilt from its trace, step by step: each {@link #apply} moves the model by
 * one traced kernel step, each {@link #applyApp} by one line of the application (a
 * {@code submitted N} or a reaped {@code cqe}), and says in a few words what changed. Nothing
 * here reads the engine: what the trace does not carry, the model does not show. One arm, one
 * thread.
 */
final class RingState {

    private final int cqMask;
    private int sqHead;
    private int sqCachedHead;
    private int sqTail;
    private int sqeTail;
    private int cqHead;
    private int cqTail;
    private int cqCachedTail;
    private final List<CqeView> cqes = new ArrayList<>();
    private String lock;
    private final Map<String, List<String>> waitqueues = new TreeMap<>();
    private final Map<Long, String> inFlight = new LinkedHashMap<>();
    private final List<Long> complReqs = new ArrayList<>();
    private final List<Long> taskWork = new ArrayList<>();
    private final List<CqeView> deferred = new ArrayList<>();
    private final List<CqeView> overflow = new ArrayList<>();
    private long eventfdSignals;
    private final Map<String, Integer> bioCache = new TreeMap<>();
    private int biosInFlight;
    private final Map<Long, Boolean> pollActive = new TreeMap<>();
    /** Each request's SQE flags as io_init_req read them (IOSQE_IO_LINK, IOSQE_IO_HARDLINK...). */
    private final Map<Long, Long> sqeFlags = new LinkedHashMap<>();
    /** Requests req_set_fail has marked REQ_F_FAIL. */
    private final java.util.Set<Long> failed = new java.util.HashSet<>();
    /** Requests cached for reuse (submit_state's free list or reqs[]), once the trace has shown a bulk refill. */
    private int reqCache;
    private boolean reqCacheSeen;
    /** The bytes waiting in the demo's pipes and socket pairs. */
    private final FileBuffers files = new FileBuffers();

    RingState(int cqEntries) {
        this.cqMask = cqEntries - 1;
    }

    Snapshot snapshot() {
        Map<String, List<String>> wq = new TreeMap<>();
        waitqueues.forEach((k, v) -> wq.put(k, List.copyOf(v)));
        List<String> reqs = new ArrayList<>();
        inFlight.forEach((ud, op) -> reqs.add(ud + " " + op));
        return new Snapshot(sqHead, sqCachedHead, sqTail, sqeTail, cqHead, cqTail, cqCachedTail, List.copyOf(cqes), lock,
                wq, List.copyOf(reqs), List.copyOf(complReqs), List.copyOf(taskWork), List.copyOf(deferred),
                List.copyOf(overflow), eventfdSignals, new TreeMap<>(bioCache), biosInFlight,
                new TreeMap<>(pollActive), reqCacheSeen ? reqCache : -1, files.snapshot());
    }

    /** One kernel step: updates the model and returns what changed, in words. */
    String apply(TraceEvent e) {
        return switch (e.point()) {
            case IO_URING_ENTER -> {
                int toSubmit = (int) e.arg("to_submit");
                if (toSubmit == 0) {
                    yield "the application enters the kernel with nothing to submit, to reap (wait, flush the overflow list)";
                }
                sqTail = sqCachedHead + toSubmit;
                sqeTail = Math.max(sqeTail, sqTail);
                yield "the application published SQ tail " + sqTail + " and enters the kernel";
            }
            case IO_GET_SQE -> {
                sqCachedHead = (int) e.arg("sq_head");
                yield "the kernel reads SQE slot " + e.arg("index") + "; cached SQ head " + sqCachedHead;
            }
            case IO_COMMIT_SQRING -> {
                int was = sqHead;
                sqHead = (int) e.arg("sq_head");
                yield "SQ head " + was + " -> " + sqHead + ": the application may reuse those slots";
            }
            case IO_INIT_REQ -> {
                inFlight.put(e.arg("ud"), Opcodes.name((int) e.arg("op")).replace("IORING_OP_", ""));
                sqeFlags.put(e.arg("ud"), e.arg("flags"));
                failed.remove(e.arg("ud"));
                yield "request ud=" + e.arg("ud") + " is set up from its SQE";
            }
            case IO_ALLOC_REQ -> {
                if (reqCacheSeen && reqCache > 0) {
                    reqCache--;
                }
                yield "a request is allocated (" + e.arg("in_flight") + " allocated and not yet freed"
                        + (reqCacheSeen ? "; " + reqCache + " left in the cache" : "") + ")";
            }
            case IO_FREE_BATCH_LIST, IO_REQ_FREE_BATCH_FINISH -> {
                // The batch io_submit_flush_completions posted: whatever of it is still listed (a CQE
                // skipped without a trace line of its own) is done and freed too.
                for (Long ud : complReqs) {
                    inFlight.remove(ud);
                }
                complReqs.clear();
                if (reqCacheSeen) {
                    reqCache += (int) e.arg("nr");
                }
                yield e.arg("nr") + " request(s) given back in one batch"
                        + (reqCacheSeen ? " (" + reqCache + " in the cache)" : "");
            }
            case KMEM_CACHE_ALLOC_BULK -> {
                if (e.subject().startsWith("req_cachep")) {
                    reqCacheSeen = true;
                    reqCache += (int) e.arg("nr");
                    yield e.arg("nr") + " requests from the slab " + e.subject() + " at once, into the cache ("
                            + reqCache + ")";
                }
                yield e.arg("nr") + " objects from the slab " + e.subject() + " at once";
            }
            case KMEM_CACHE_FREE -> {
                if (reqCacheSeen && e.subject().startsWith("req_cachep") && reqCache > 0) {
                    reqCache--;
                }
                yield "one object back to the slab " + e.subject();
            }
            case IO_ISSUE_SQE -> issued(e.arg("ud"), e.arg("ret"), failed.contains(e.arg("ud")));
            case IO_REQ_COMPLETE_POST -> {
                files.completed(e.arg("ud"), e.arg("res"));
                yield "the worker posts ud=" + e.arg("ud") + "'s CQE itself, under the lock";
            }
            case IO_REQ_TASK_WORK_ADD -> {
                taskWork.add(e.arg("ud"));
                yield "task work queued for ud=" + e.arg("ud") + " (" + taskWork.size() + " queued)";
            }
            case TCTX_TASK_WORK -> {
                taskWork.clear();
                yield "the ring's task runs " + e.arg("nr") + " queued task work item(s)";
            }
            case IO_REQ_TASK_COMPLETE -> {
                files.completed(e.arg("ud"), e.arg("res"));
                yield "ud=" + e.arg("ud") + " completes from task work, res=" + e.arg("res");
            }
            case IO_REQ_COMPLETE_DEFER -> {
                files.completed(e.arg("ud"), e.arg("res"));
                complReqs.add(e.arg("ud"));
                yield "ud=" + e.arg("ud") + " done (res=" + e.arg("res") + "): joins compl_reqs (" + complReqs.size() + ")";
            }
            case SPIN_LOCK -> {
                lock = e.thread();
                yield "completion lock taken by " + lock;
            }
            case SPIN_UNLOCK -> {
                lock = null;
                yield "completion lock released";
            }
            case IO_FILL_CQE_REQ, IO_FILL_CQE_AUX -> {
                long ud = e.arg("ud");
                int cflags = (int) e.arg("cflags");
                cqes.add(new CqeView(cqCachedTail & cqMask, ud, (int) e.arg("res"), CqeFlags.describe(cflags)));
                cqCachedTail = (int) e.arg("tail");
                complReqs.remove(ud);
                ended(ud, cflags);
                yield "CQE ud=" + ud + " written to slot " + ((cqCachedTail - 1) & cqMask) + "; cached CQ tail "
                        + cqCachedTail + " (not visible yet)";
            }
            case IO_FILL_CQE_REQ_SKIP -> {
                long ud = e.arg("ud");
                complReqs.remove(ud);
                inFlight.remove(ud);
                yield "no CQE for ud=" + ud + " (REQ_F_CQE_SKIP)";
            }
            case IO_CQRING_EVENT_OVERFLOW -> {
                long ud = e.arg("ud");
                int cflags = (int) e.arg("cflags");
                overflow.add(new CqeView(-1, ud, (int) e.arg("res"), CqeFlags.describe(cflags)));
                complReqs.remove(ud);
                ended(ud, cflags);
                yield "CQ ring full: CQE ud=" + ud + " goes to the overflow list (" + overflow.size() + ")";
            }
            case IO_CQRING_OVERFLOW_FLUSH -> {
                int n = (int) e.arg("flushed");
                for (int i = 0; i < n; i++) {
                    CqeView o = overflow.removeFirst();
                    cqes.add(new CqeView(cqCachedTail & cqMask, o.ud(), o.res(), o.flags()));
                    cqCachedTail++;
                }
                yield n + " overflowed CQE(s) moved into the ring, " + e.arg("left") + " left; cached CQ tail " + cqCachedTail;
            }
            case IO_COMMIT_CQRING -> {
                int was = cqTail;
                cqTail = (int) e.arg("tail");
                yield was == cqTail ? "CQ tail stays " + cqTail
                        : "CQ tail " + was + " -> " + cqTail + ": the application sees " + (cqTail - cqHead) + " CQE(s)";
            }
            case IO_EVENTFD_SIGNAL -> {
                eventfdSignals++;
                yield "the registered eventfd is signalled (" + eventfdSignals + ")";
            }
            case REQ_SET_FAIL -> setFail(e.arg("ud"));
            case ADD_WAIT_QUEUE -> {
                waitqueues.computeIfAbsent(e.subject(), k -> new ArrayList<>()).add(entry(e.arg("ud")));
                yield entry(e.arg("ud")) + " added to the waitqueue " + e.subject() + " (" + e.arg("entries") + ")";
            }
            case LIST_DEL_INIT -> {
                List<String> q = waitqueues.computeIfAbsent(e.subject(), k -> new ArrayList<>());
                q.remove(entry(e.arg("ud")));
                yield entry(e.arg("ud")) + " taken off the waitqueue " + e.subject() + " (" + e.arg("entries") + " left)";
            }
            case IO_POLL_ACTIVE_CLEAR -> {
                pollActive.put(e.arg("ud"), false);
                yield "poll->active of ud=" + e.arg("ud") + " cleared, before __io_async_wake tests the wake-up's mask";
            }
            case IO_POLL_ACTIVE_SET -> {
                pollActive.put(e.arg("ud"), true);
                yield "poll->active of ud=" + e.arg("ud") + " set again; " + (cqCachedTail != cqTail
                        ? "its CQE is written but the CQ tail is not committed yet (" + cqTail + ", cached " + cqCachedTail + ")"
                        : "the CQ tail is already committed (" + cqTail + "), the CQE visible");
            }
            case IO_AUX_CQE_DEFERRED -> {
                deferred.add(new CqeView(-1, e.arg("ud"), (int) e.arg("res"), CqeFlags.describe((int) e.arg("cflags"))));
                yield "CQE ud=" + e.arg("ud") + " kept in cqes[" + (deferred.size() - 1) + "], no lock taken";
            }
            case IO_FLUSH_POST_CQES -> {
                deferred.clear();
                yield "the " + e.arg("nr") + " CQE(s) of cqes[] written out under one lock";
            }
            case BIO_ALLOC -> {
                biosInFlight++;
                String cpu = "cpu" + e.arg("cpu");
                if (e.arg("cached") != 0) {
                    bioCache.merge(cpu, -1, Integer::sum);
                    yield "a bio from " + cpu + "'s cache";
                }
                yield "a bio from the slab (mempool)";
            }
            case BIO_PUT -> {
                biosInFlight--;
                String cpu = "cpu" + e.arg("cpu");
                if (e.arg("cached") != 0) {
                    bioCache.merge(cpu, 1, Integer::sum);
                    yield "the bio goes back to " + cpu + "'s cache (" + bioCache.get(cpu) + ")";
                }
                yield "the bio goes back to the slab";
            }
            case BIO_ALLOC_CACHE_PRUNE -> {
                String cpu = "cpu" + e.arg("cpu");
                bioCache.merge(cpu, (int) -e.arg("nr"), Integer::sum);
                yield e.arg("nr") + " bio(s) of " + cpu + "'s cache go back to the slab";
            }
            default -> StepWords.of(e);
        };
    }

    /**
     * A line of the program, before it runs: an SQE step fills the next SQE, which moves the
     * application's own tail (liburing's {@code sqe_tail}) but not the shared SQ tail until the
     * submit. Returns what the line does, in words.
     */
    String applyProgram(dev.uringlab.workloads.scenario.Step step) {
        if (step instanceof dev.uringlab.workloads.scenario.Step.SqeStep) {
            sqeTail++;
        }
        files.program(step);
        return describe(step);
    }

    private static String describe(dev.uringlab.workloads.scenario.Step step) {
        return switch (step) {
            case dev.uringlab.workloads.scenario.Step.DeclarePipe p -> "pipe2(O_NONBLOCK): the pipe " + p.name();
            case dev.uringlab.workloads.scenario.Step.DeclareSocketPair s -> (s.tcp()
                    ? "a TCP connection over loopback, non-blocking: " : "socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK): ")
                    + "the ends " + s.name() + ".a and " + s.name() + ".b";
            case dev.uringlab.workloads.scenario.Step.DeclareEventfd e -> "eventfd(0, EFD_NONBLOCK): " + e.name();
            case dev.uringlab.workloads.scenario.Step.DeclareNullb n -> "open(O_DIRECT) a memory-backed NVMe device of "
                    + n.size() + " bytes with " + n.pollQueues() + " poll queue(s): " + n.name();
            case dev.uringlab.workloads.scenario.Step.RegisterEventfd r ->
                    "io_uring_register(IORING_REGISTER_EVENTFD): the ring signals " + r.name() + " when it posts CQEs";
            case dev.uringlab.workloads.scenario.Step.SqeStep s ->
                    "io_uring_get_sqe and prep: the application fills an SQE (ud=" + s.userData() + "), not yet published";
            case dev.uringlab.workloads.scenario.Step.Submit ignored ->
                    "io_uring_submit: store the SQ tail (release) and call io_uring_enter";
            case dev.uringlab.workloads.scenario.Step.Wait w -> "io_uring_wait_cqes: until " + w.count() + " CQE(s) are ready";
            case dev.uringlab.workloads.scenario.Step.WaitFor w -> "wait until the CQE of ud=" + w.userData() + " is in the ring";
            case dev.uringlab.workloads.scenario.Step.AppWrite w -> "write(2) " + w.count() + " byte(s) to " + w.end();
            case dev.uringlab.workloads.scenario.Step.AppRead r -> "read(2) " + r.count() + " byte(s) from " + r.end();
            case dev.uringlab.workloads.scenario.Step.Reap ignored -> "read every CQE up to the CQ tail (acquire), then advance the head";
            // A command added since this model was written.
            default -> "a step of the program";
        };
    }

    /** One line of the application's output: {@code submitted N}, or a {@code cqe ...} it reaps. */
    String applyOutput(String line) {
        if (line.startsWith("cqe ")) {
            if (!cqes.isEmpty()) {
                cqes.removeFirst();
            }
            cqHead++;
            return "the application has read it and advances the CQ head to " + cqHead;
        }
        return "io_uring_enter returned";
    }

    private void ended(long ud, int cflags) {
        if ((cflags & IORING_CQE_F_MORE) == 0) {
            inFlight.remove(ud);
        }
    }

    /** req_set_fail: what REQ_F_FAIL means for this request, from its SQE flags and whether it was already set. */
    private String setFail(long ud) {
        boolean again = !failed.add(ud);
        long flags = sqeFlags.getOrDefault(ud, 0L);
        String what;
        if ((flags & IOSQE_IO_HARDLINK) != 0) {
            what = "it is hard-linked (IOSQE_IO_HARDLINK), so the chain goes on after it";
        } else if ((flags & IOSQE_IO_LINK) != 0) {
            what = "it is soft-linked (IOSQE_IO_LINK), so the rest of its chain will be cancelled";
        } else {
            what = "no request is linked after it";
        }
        return again ? "ud=" + ud + " marked failed again (REQ_F_FAIL was already set; nothing changes)"
                : "ud=" + ud + " marked failed (REQ_F_FAIL): " + what;
    }

    private static String issued(long ud, long ret, boolean failed) {
        if (ret == 0) {
            return "ud=" + ud + " issued: the handler returned 0, done at once"
                    + (failed ? "; the request is marked failed, so its CQE will carry the error, not 0" : "");
        }
        if (ret == -Errno.EIOCBQUEUED) { // io_issue_sqe's "the request is pending" (an armed poll, a punt)
            return "ud=" + ud + " issued: pending";
        }
        return "ud=" + ud + " issued: " + (ret < 0 ? StepWords.errno(ret) : "result " + ret);
    }

    private static String entry(long ud) {
        return ud < 0 ? "a waiter" : "ud " + ud;
    }
}
