package dev.uringlab.demos;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.trace.TraceEvent;

/**
 * What a traced kernel step that changes nothing {@link RingState} draws says, in a few words:
 * the steps the demo narrates but does not model (a link joining its chain, a request punted to
 * io-wq, a waitqueue's wake-up, a costed step of a recipe). The steps that move the drawn state
 * are {@link RingState#apply}'s.
 */
final class StepWords {
    private StepWords() {
    }

    /** The words for {@code e}. */
    static String of(TraceEvent e) {
        return switch (e.point()) {
            case IO_SUBMIT_FAIL_INIT -> "ud=" + e.arg("ud") + " fails at init with " + errno(e.arg("res"));
            case IO_LINK_CHAIN_ADD -> "ud=" + e.arg("ud") + " joins the link chain headed by ud=" + e.arg("head");
            case IO_SUBMIT_FAIL_INIT_LINK -> "failed at init, ud=" + e.arg("ud") + " still joins the chain headed by ud="
                    + e.arg("head") + ", which will fail with it";
            case IO_FREE_REQ -> "request ud=" + e.arg("ud") + " given back";
            case IO_FLUSH_CACHED_REQS -> e.arg("nr") + " freed request(s) moved from the free list into submit_state.reqs[]";
            case KMEM_CACHE_ALLOC -> "one object from the slab " + e.subject();
            case IO_QUEUE_IOWQ -> "ud=" + e.arg("ud") + " punted to an io-wq worker";
            case IO_WQ_SUBMIT_WORK -> "an io-wq worker runs ud=" + e.arg("ud");
            case IO_WQ_FREE_WORK -> "the worker is done with ud=" + e.arg("ud")
                    + (e.arg("next") != 0 ? " and runs its link ud=" + e.arg("next") : "");
            case IO_PUT_REQ_FIND_NEXT -> "ud=" + e.arg("ud") + " done: its link ud=" + e.arg("next")
                    + " is issued at once, on this thread";
            case IO_DRAIN_REQ -> "ud=" + e.arg("ud") + " waits behind the drain";
            case IO_QUEUE_DEFERRED -> "drained ud=" + e.arg("ud") + " gets its turn";
            case IO_REQ_TASK_SUBMIT -> "ud=" + e.arg("ud") + " is issued from task work";
            case IO_REQ_TW_FAIL_LINKS -> "the chain's " + e.arg("nr") + " cancelled member(s), from ud=" + e.arg("ud")
                    + " on, complete";
            case IO_REQ_TASK_CANCEL -> "ud=" + e.arg("ud") + " is failed from task work with " + errno(e.arg("res"));
            case IO_SUBMIT_FLUSH_COMPLETIONS -> "post the " + e.arg("nr") + " CQE(s) of compl_reqs";
            case IO_FILL_CQE_AUX_FULL -> "no room in the CQ ring for ud=" + e.arg("ud");
            case IO_CQRING_EV_POSTED -> "wake whoever waits for CQEs";
            case IO_CQRING_WAIT -> "the task waits for " + e.arg("min_events") + " CQE(s); " + e.arg("ready") + " ready";
            case IO_QUEUE_NEXT -> "ud=" + e.arg("ud") + " done: its link ud=" + e.arg("next") + " gets its turn";
            case IO_FAIL_LINKS -> "the " + e.arg("nr") + " link(s) after ud=" + e.arg("ud") + " are cancelled";
            case WAKE_UP -> "wake-up on " + e.subject() + ": each of its " + e.arg("entries") + " entries' callback runs";
            case IO_POLL_ARM -> "poll ud=" + e.arg("ud") + " armed" + (e.arg("mask") != 0 ? ", already ready" : "");
            case IO_POLL_GET_OWNERSHIP -> "the wake-up raises poll_refs of ud=" + e.arg("ud") + " from " + e.arg("refs")
                    + (e.arg("owner") != 0 ? ": it owns the request" : ": the owner will see it and loop");
            case IO_POLL_CHECK_EVENTS -> "the poll task work of ud=" + e.arg("ud") + " starts a pass, poll_refs " + e.arg("refs");
            case IO_POLL_WAKE -> "io_poll_wake for ud=" + e.arg("ud")
                    + (e.arg("queued") != 0 ? ": task work queued" : ": ignored");
            case IO_POLL_TASK_FUNC -> "poll ud=" + e.arg("ud") + "'s task work runs";
            case IO_POLL_REARM -> "multishot poll ud=" + e.arg("ud") + " stays armed";
            case IO_POLL_REMOVE -> "poll remove of ud=" + e.arg("target") + ": " + (e.arg("ret") == 0 ? "found" : errno(e.arg("ret")));
            case IO_POLL_WAKE_INACTIVE -> "poll ud=" + e.arg("ud") + " is not active: the wake-up is ignored, the entry stays queued";
            case BIO_ALLOC_IRQ_CACHE_SPLICE -> e.arg("nr") + " bio(s) freed by the interrupt join cpu" + e.arg("cpu") + "'s list";
            case SUBMIT_BIO -> "a bio of " + e.arg("len") + " bytes at sector " + e.arg("sector") + " goes to the device"
                    + (e.arg("polled") != 0 ? " (REQ_POLLED: nothing completes it until someone polls)" : "");
            case BIO_ENDIO -> "the device is done with the bio at sector " + e.arg("sector")
                    + (e.arg("irq") != 0 ? ", in its completion interrupt" : ", found by polling");
            case BIO_POLL -> "bio_poll runs the device's poll queue: " + e.arg("found") + " completion(s)";
            case IO_DO_IOPOLL -> "io_do_iopoll reaps " + e.arg("nr_events") + " request(s) from ctx->iopoll_list";
            case CALL, LOCKED, FENCE, IRQ, RCU, SHARED_WRITE, SLAB_ALLOC, SLAB_FREE, SYSCALL, WAKEUP, LIST, SOCKET -> costedStep(e);
            // A point added since this model was written: named by its area until it gets its own words.
            default -> "a step of " + e.point().area().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        };
    }

    /** A costed step with no narration of its own (a recipe's {@code rcu}, {@code fence}...): its kind in words and its name. */
    private static String costedStep(TraceEvent e) {
        String subject = e.subject() == null ? "" : e.subject();
        if (subject.startsWith("percpu_ref_")) {
            String op = subject.substring("percpu_ref_".length(), subject.indexOf('(') < 0 ? subject.length() : subject.indexOf('('));
            String what = switch (op) {
                case "tryget", "get" -> "one reference taken on";
                case "tryget_many", "get_many" -> "references taken, many at once, on";
                case "put" -> "one reference given back to";
                case "put_many" -> "references given back, many at once, to";
                default -> "a reference operation on";
            };
            return what + " the ring's context (" + subject + "): one RCU read-side section";
        }
        String what = switch (e.point().kind()) {
            case CALL -> "a call out of line";
            case LOCKED -> "a locked read-modify-write";
            case FENCE -> "a full fence";
            case IRQ -> "interrupts saved and restored";
            case RCU -> "an RCU read-side section";
            case SHARED_WRITE -> "a store to a line another CPU reads";
            case SLAB_ALLOC -> "a slab allocation";
            case SLAB_FREE -> "a slab free";
            case SYSCALL -> "a system call";
            case WAKEUP -> "a task woken";
            case LIST -> "a list operation on a shared structure";
            case SOCKET -> "one pass through the socket's protocol";
        };
        return what + ": " + e.subject();
    }

    /** A result in words: {@code -EINVAL} for an error, the number otherwise. */
    static String errno(long res) {
        return res < 0 ? "-" + Errno.name((int) -res) : Long.toString(res);
    }
}
