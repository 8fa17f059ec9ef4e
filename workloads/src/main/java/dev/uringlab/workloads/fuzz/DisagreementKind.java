package dev.uringlab.workloads.fuzz;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kinds of disagreement the generator has found, each with the kernel function that
 * decides it, and a classifier that sorts a (preferably shrunk) program into one by what it
 * does and how the two streams differ. The classifier is a heuristic over the program's text:
 * it names the likely kind for grouping and for the report; {@link #OTHER} is what it cannot
 * place, to be read by a person.
 */
public enum DisagreementKind {
    /** wait N with N above the CQ size. */
    WAIT_BEYOND_CQ("io_uring_enter: min_complete = min(min_complete, ctx->cq_entries), so the kernel returns with "
            + "fewer CQEs than asked; the native ring's waitCqes then reports -ETIME, the emulated ring's 0"),
    /** A multishot poll on the ring's own registered eventfd. */
    EVENTFD_URING_WAKE("io_eventfd_signal (eventfd_signal_mask with EPOLL_URING_WAKE) and io_poll_wake: the CQE's "
            + "res is the wake key's mask (EPOLLIN), and a wake flagged EPOLL_URING_WAKE ends a multishot poll"),
    /** Pipe capacity: slots of pages, not a flat byte count. */
    PIPE_PAGES("pipe_write / pipe_poll (fs/pipe.c): 16 slots of one page; a write merges into the last page only "
            + "when its sub-page remainder fits there, else takes fresh slots; writable while a slot is free"),
    /** Which wakeups reach a poll, and how many CQEs they make. */
    POLL_WAKEUPS("pipe_read wakes wr_wait only when the pipe was full and a slot was freed; pipe_write wakes "
            + "rd_wait when the pipe was empty or has ever been polled (poll_usage); io_poll_check_events "
            + "merges the wakeups that came before its task work ran into one CQE (poll_refs)"),
    /** io-wq posts its CQE itself; the emulator returns it through task work. */
    IOWQ_COMPLETE_POST("io_req_complete_post from io_wq_submit_work: on a ring without DEFER_TASKRUN the io-wq "
            + "worker fills the CQE itself, before task work the request queued (a poll cancel, a wake) runs"),
    /** The order two waiters of one file are woken in after a multishot poll re-armed. */
    POLL_REARM_ORDER("the poll-rearm baseline is 5.15's: io_poll_wake takes the entry off the waitqueue and the "
            + "re-arm adds it back at the head (add_wait_queue), so the next wakeup reaches it first; since "
            + "5.17 (poll_refs, io_poll_check_events) a multishot entry stays where it was"),
    /** A POLL_REMOVE that failed (-EALREADY) against a poll whose wakeup had queued its task work. */
    POLL_REMOVE_WOKEN_5_15("the poll-rearm baseline is 5.15's: after a failed remove (-EALREADY) its task work "
            + "reports the mask the wakeup stashed (req->result); since 5.17 the remove's failed io_poll_get_ownership "
            + "leaves a reference and io_poll_check_events polls the file afresh"),
    /** A multishot CQE posted while completed requests wait in the batch. */
    MULTISHOT_AFTER_BATCH("io_req_post_cqe: the completions already in submit_state.compl_reqs are flushed before "
            + "a multishot CQE is posted, so the requests completed earlier in the same task-work run come first"),
    /** Anything else. */
    OTHER("not classified: read the shrunk program");

    private static final Pattern UD = Pattern.compile("^cqe ud=(\\d+) ");
    private static final Pattern WRITE = Pattern.compile("^(?:write ud=\\d+ fd=|app write )([a-z]+)\\.w(?: len=| )(\\d+)");
    private final String decidedBy;

    DisagreementKind(String decidedBy) {
        this.decidedBy = decidedBy;
    }

    /** The kernel function that decides it, and how. */
    public String decidedBy() {
        return decidedBy;
    }

    /** The likely kind of a disagreement of {@code lines} where the emulator printed {@code emulated}. */
    public static DisagreementKind classify(List<String> lines, List<String> emulated, List<String> kernel) {
        boolean kernelWaitFailed = kernel.stream().anyMatch(l -> l.startsWith(DifferentialRunner.FAILURE) && l.contains(": wait "));
        boolean emulatedFailed = emulated.stream().anyMatch(l -> l.startsWith(DifferentialRunner.FAILURE));
        if (kernelWaitFailed && !emulatedFailed) {
            return WAIT_BEYOND_CQ;
        }
        if (lines.contains("register-eventfd e") && lines.stream().anyMatch(l -> l.startsWith("poll ") && l.contains(" fd=e"))) {
            return EVENTFD_URING_WAKE;
        }
        if (writesMoreThan15Pages(lines) && firstDifferenceIsAWrite(lines, emulated, kernel)) {
            return PIPE_PAGES;
        }
        if (lines.stream().anyMatch(l -> l.startsWith("poll-remove ")) && failedRemove(emulated) && failedRemove(kernel)) {
            return POLL_REMOVE_WOKEN_5_15;
        }
        boolean sameCqes = cqes(emulated).equals(cqes(kernel));
        boolean punted = Shrinker.punts(lines);
        if (sameCqes && punted) {
            return IOWQ_COMPLETE_POST;
        }
        boolean multishot = lines.stream().anyMatch(l -> l.startsWith("poll ") && l.contains(" multi"));
        if (multishot && udCounts(emulated).equals(udCounts(kernel)) && rearmedBeforeDifference(emulated, kernel)) {
            return POLL_REARM_ORDER;
        }
        if (sameCqes && multishot) {
            return MULTISHOT_AFTER_BATCH;
        }
        if (multishot) {
            return POLL_WAKEUPS;
        }
        return OTHER;
    }

    private static boolean writesMoreThan15Pages(List<String> lines) {
        Map<String, Long> written = new HashMap<>();
        for (String line : lines) {
            Matcher m = WRITE.matcher(line);
            if (m.find()) {
                written.merge(m.group(1), Long.parseLong(m.group(2)), Long::sum);
            }
        }
        return written.values().stream().anyMatch(n -> n > 15 * 4096);
    }

    /** Whether the streams first differ at an {@code app write} failure or at a WRITE's CQE. */
    private static boolean firstDifferenceIsAWrite(List<String> lines, List<String> emulated, List<String> kernel) {
        int n = Math.min(emulated.size(), kernel.size());
        int i = 0;
        while (i < n && emulated.get(i).equals(kernel.get(i))) {
            i++;
        }
        for (List<String> stream : List.of(emulated, kernel)) {
            if (i < stream.size()) {
                String line = stream.get(i);
                if (line.contains("app write")) {
                    return true;
                }
                Matcher ud = UD.matcher(line);
                if (ud.find() && lines.stream().anyMatch(l -> l.startsWith("write ud=" + ud.group(1) + " "))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a stream has a CQE with -EALREADY (-114), a POLL_REMOVE's answer when the poll's task work owns it. */
    private static boolean failedRemove(List<String> stream) {
        return stream.stream().anyMatch(l -> l.startsWith("cqe ") && l.contains(" res=-114 "));
    }

    /** How many CQEs each user_data got. */
    private static Map<String, Long> udCounts(List<String> stream) {
        Map<String, Long> counts = new HashMap<>();
        stream.stream().filter(l -> l.startsWith("cqe ")).forEach(l -> counts.merge(l.split(" ")[1], 1L, Long::sum));
        return counts;
    }

    /** Whether a multishot poll posted a CQE with F_MORE (and so re-armed) before the streams part. */
    private static boolean rearmedBeforeDifference(List<String> emulated, List<String> kernel) {
        int i = 0;
        while (i < Math.min(emulated.size(), kernel.size()) && emulated.get(i).equals(kernel.get(i))) {
            i++;
        }
        return emulated.subList(0, i).stream().anyMatch(l -> l.endsWith("flags=MORE"));
    }

    /** The CQE lines of a stream, sorted: equal when two streams differ only in order. */
    private static List<String> cqes(List<String> stream) {
        return stream.stream().filter(l -> l.startsWith("cqe ")).sorted().toList();
    }
}
