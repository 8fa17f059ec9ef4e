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
    WAIT_BEYOND_CQ(Settled.FIXED, "overflow-wait.scn",
            "io_cqring_wait (io_uring/io_uring.c:2652 at v6.18.2: min_events = min(min_events, cq_entries)) flushes "
            + "the overflow list into the ring as it waits; the runner's "
            + "wait N gives up after its timeout on both rings alike when N CQEs can never be in a CQ that holds fewer"),
    /** A multishot poll on the ring's own registered eventfd. */
    EVENTFD_URING_WAKE(Settled.BY_DESIGN, "poll-eventfd.scn",
            "io_eventfd_signal (eventfd_signal_mask with EPOLL_URING_WAKE) and io_poll_wake: the CQE's "
            + "res is the wake key's mask (EPOLLIN), and a wake flagged EPOLL_URING_WAKE ends a multishot poll; "
            + "judged only where aux CQEs are deferred (batched-cqe, as since 6.2: EmulatedSet)"),
    /** A multishot poll whose CQE overflowed the CQ: 6.2 keeps it armed, 6.18 ends it. */
    BATCHED_CQE_OVERFLOW(Settled.BY_DESIGN, "fuzz/multishot-link-overflow.scn",
            "io_poll_check_events (io_uring/poll.c:284-286 at v6.18.2): io_req_post_cqe -> io_fill_cqe_aux "
            + "(io_uring.c:940-966, 856-875) finds no room, so the poll ends with its mask and no F_MORE and its link "
            + "goes on; 6.2's io_aux_cqe (seed 000, completion=batched-cqe) refuses a deferred CQE only once "
            + "IO_CHECK_CQ_OVERFLOW_BIT is set, so the poll stays armed and its link waits; judged by design where "
            + "the CQ overflowed on either ring (EmulatedSet#overflowByDesign)"),
    /** Pipe capacity: slots of pages, not a flat byte count. */
    PIPE_PAGES(Settled.FIXED, "pipe-page-slots.scn",
            "pipe_write / pipe_poll (fs/pipe.c:477-484 at v6.18.2): 16 slots of one page; a write merges into the "
            + "last page only "
            + "when its sub-page remainder fits there, else takes fresh slots; writable while a slot is free"),
    /** Which wakeups reach a poll, and how many CQEs they make. */
    POLL_WAKEUPS(Settled.FIXED, "pipe-read-wakes-writers-when-full.scn",
            "pipe_read wakes wr_wait only when the pipe was full and a slot was freed; pipe_write wakes "
            + "rd_wait when the pipe was empty or has ever been polled (poll_usage, fs/pipe.c:595 at v6.18.2); "
            + "io_poll_check_events "
            + "merges the wakeups that came before its task work ran into one CQE (poll_refs)"),
    /** io-wq posts its CQE itself; the emulator returns it through task work. */
    IOWQ_COMPLETE_POST(Settled.FIXED, "",
            "io_req_complete_post from io_wq_submit_work: on a ring without DEFER_TASKRUN the io-wq "
            + "worker fills the CQE itself, before task work the request queued (a poll cancel, a wake) runs"),
    /** The order two waiters of one file are woken in after a multishot poll re-armed. */
    POLL_REARM_ORDER(Settled.BY_DESIGN, "fuzz/poll-refs/fuzz-7-248.scn",
            "the poll-rearm baseline is 5.15's: io_poll_wake takes the entry off the waitqueue and the "
            + "re-arm adds it back at the head (add_wait_queue), so the next wakeup reaches it first; since "
            + "5.17 a multishot entry stays where it was: io_poll_wake (io_uring/poll.c:390-415 at v6.18.2) takes "
            + "it off the list only for EPOLLONESHOT"),
    /** A poll woken twice (or woken, then emptied) before its task work ran: 5.15 reports the first wake's mask. */
    POLL_MERGED_5_15(Settled.BY_DESIGN, "fuzz/poll-refs/fuzz-7-336.scn",
            "the poll-rearm baseline is 5.15's: __io_async_wake stashes the first wakeup's mask in req->result and "
            + "the task work posts it as is; since 5.17 io_poll_check_events (io_uring/poll.c:239-273 at v6.18.2) sees more than one "
            + "poll_refs reference, drops the stashed mask (\"Redo vfs_poll() to get up to date state\") and "
            + "posts nothing when the file is no longer ready"),
    /** A POLL_REMOVE that failed (-EALREADY) against a poll whose wakeup had queued its task work. */
    POLL_REMOVE_WOKEN_5_15(Settled.BY_DESIGN, "poll-remove-woken.scn",
            "the poll-rearm baseline is 5.15's: after a failed remove (-EALREADY) its task work "
            + "reports the mask the wakeup stashed (req->result); since 5.17 the remove's failed io_poll_get_ownership "
            + "leaves a reference and io_poll_check_events polls the file afresh (io_uring/poll.c:244 at v6.18.2)"),
    /** A multishot CQE posted while completed requests wait in the batch. */
    MULTISHOT_AFTER_BATCH(Settled.FIXED, "poll-multishot-after-batch.scn",
            "io_req_post_cqe: the completions already in submit_state.compl_reqs are flushed before "
            + "a multishot CQE is posted, so the requests completed earlier in the same task-work run come first"),
    /** A chain left open at the end of a submit, punted to io-wq, against the requests completed inline. */
    OPEN_CHAIN_IOWQ(Settled.NONDETERMINISM, "",
            "io_submit_state_end -> io_queue_sqe_fallback -> io_queue_iowq (io_uring/io_uring.c:2343-2348 and "
            + "2086-2104 at v6.18.2): the open chain's "
            + "head is io-wq work whose worker posts its CQE (io_req_complete_post) whenever it runs, in no promised "
            + "order against the task work that posts the other chain's members; the judge compares io-wq work "
            + "per request only (Judge; pinned by workloads' JudgeTest with the issue's streams)"),
    /** A POLL_REMOVE of a user_data that several armed polls carry. */
    POLL_REMOVE_NEWEST(Settled.FIXED, "fuzz/poll-remove-newest.scn",
            "io_poll_req_insert adds a poll at the head of its cancel-hash bucket (io_uring/poll.c:128 at v6.18.2) and "
            + "io_poll_find walks the bucket from the head (747-765): the newest armed poll with that user_data is "
            + "the one cancelled"),
    /** A POLLOUT poll on a socket end whose peer reads part of what it sent. */
    UNIX_SKB_WAKEUP(Settled.FIXED, "fuzz/unix-partial-read-no-pollout.scn",
            "unix_stream_read_generic (net/unix/af_unix.c:3068-3085 at v6.18.2) frees an skb (consume_skb -> sock_wfree "
            + "-> unix_write_space, 597-609: POLLOUT to the sender) only when a read has taken all of it; a read that "
            + "leaves part of it frees nothing and wakes nobody"),
    /** Anything else. */
    OTHER(Settled.OPEN, "", "not classified: read the shrunk program");

    /** How a kind was settled. */
    public enum Settled {
        /** The emulator was wrong; fixed, with the scenario that pins the kernel's stream. */
        FIXED("fixed in the emulator"),
        /** The emulated set runs an older kernel's mechanism on purpose; judged through its twin with the machine's. */
        BY_DESIGN("by design: an older kernel's mechanism (judged through its twin with this kernel's)"),
        /** The kernel itself promises no order here; the judge compares only what it promises. */
        NONDETERMINISM("the kernel's own nondeterminism, taught to the judge"),
        /** Not settled. */
        OPEN("open");

        private final String text;

        Settled(String text) {
            this.text = text;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    private static final Pattern UD = Pattern.compile("^cqe ud=(\\d+) ");
    private static final Pattern POLL_UD = Pattern.compile("^poll ud=(\\d+) ");
    private static final Pattern REMOVE_TARGET = Pattern.compile("^poll-remove ud=\\d+ target=(\\d+)");
    private static final Pattern WRITE = Pattern.compile("^(?:write ud=\\d+ fd=|app write )([a-z]+)\\.w(?: len=| )(\\d+)");
    private final Settled settled;
    private final String scenario;
    private final String decidedBy;

    DisagreementKind(Settled settled, String scenario, String decidedBy) {
        this.settled = settled;
        this.scenario = scenario;
        this.decidedBy = decidedBy;
    }

    /** How it was settled. */
    public Settled settled() {
        return settled;
    }

    /** The scenario under {@code scenarios/} that pins it, or empty. */
    public String scenario() {
        return scenario;
    }

    /** The kinds table that {@code uring-lab fuzz --kinds} prints: kind, how settled, scenario, kernel function. */
    public static List<String> table() {
        List<String> out = new java.util.ArrayList<>();
        for (DisagreementKind k : values()) {
            out.add(k.name() + ": " + k.settled + (k.scenario.isEmpty() ? "" : "; scenarios/" + k.scenario));
            out.add("  decided by " + k.decidedBy);
        }
        return out;
    }

    /**
     * The kind of a disagreement that the judge found by design (the set runs 5.15's poll and its
     * twin with this kernel's poll mechanism agrees): which 5.15 behaviour shows.
     */
    public static DisagreementKind classifyPollByDesign(List<String> lines, List<String> emulated, List<String> kernel) {
        if (lines.stream().anyMatch(l -> l.startsWith("poll-remove ")) && (failedRemove(emulated) || failedRemove(kernel))) {
            return POLL_REMOVE_WOKEN_5_15;
        }
        if (udCounts(emulated).equals(udCounts(kernel))) {
            return POLL_REARM_ORDER;
        }
        return POLL_MERGED_5_15;
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
        if (removesADuplicatePoll(lines)) {
            return POLL_REMOVE_NEWEST;
        }
        if (lines.stream().anyMatch(l -> l.startsWith("socketpair "))
                && lines.stream().anyMatch(l -> l.startsWith("poll ") && l.matches(".* events=(IN\\|)?OUT\\b.*"))) {
            return UNIX_SKB_WAKEUP;
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

    /** Whether a POLL_REMOVE targets a user_data that more than one POLL_ADD of the program carries. */
    private static boolean removesADuplicatePoll(List<String> lines) {
        Map<String, Integer> polls = new HashMap<>();
        for (String line : lines) {
            Matcher m = POLL_UD.matcher(line);
            if (m.find()) {
                polls.merge(m.group(1), 1, Integer::sum);
            }
        }
        for (String line : lines) {
            Matcher m = REMOVE_TARGET.matcher(line);
            if (m.find() && polls.getOrDefault(m.group(1), 0) > 1) {
                return true;
            }
        }
        return false;
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
