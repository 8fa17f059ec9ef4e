package dev.uringlab.demos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Holds every fact a step's narration states to what it describes: the ring after the step
 * ({@link Snapshot}), the one before it, and the arm's trace around it (the steps' calls and
 * their arguments, counted here on their own, not by {@link RingState}). A fact is a phrase of a
 * known form with a number or a claim in it ({@code cached CQ tail 3}, {@code (2 queued)},
 * {@code it is hard-linked}, {@code the CQ tail is not committed yet}); each form has its check.
 * {@link #check} lists every fact that is false, as {@code step N: "sentence": why}.
 */
final class NarrationFacts {
    /** A request's completion in the trace: its result is in {@code res=}. */
    private static final Pattern COMPLETION = Pattern.compile(
            "^(io_req_complete_defer|io_fill_cqe_req|io_req_complete_post|io_fill_cqe_req: REQ_F_CQE_SKIP|io_cqring_event_overflow) .*");
    private static final Pattern ARG = Pattern.compile("(\\w+)=(-?\\w+)");
    private static final long IOSQE_IO_LINK = 1 << 2;
    private static final long IOSQE_IO_HARDLINK = 1 << 3;
    private static final int ECANCELED = -125;

    private final List<Step> steps;
    private final int cqMask;
    private final List<String> problems = new ArrayList<>();
    /** How many facts were checked (a demo whose narration states none would pass vacuously). */
    private int checked;

    private NarrationFacts(List<Step> steps, int cqEntries) {
        this.steps = steps;
        this.cqMask = cqEntries - 1;
    }

    /** The false facts of {@code run}'s narration; empty when every one holds. */
    static List<String> check(ArmRun run) {
        return check(run.steps(), run.cqEntries());
    }

    /** The false facts of {@code steps}' narration, on a CQ ring of {@code cqEntries}. */
    static List<String> check(List<Step> steps, int cqEntries) {
        NarrationFacts f = new NarrationFacts(steps, cqEntries);
        f.run();
        return f.problems;
    }

    /** How many facts {@code run}'s narration states (all checked). */
    static int count(ArmRun run) {
        NarrationFacts f = new NarrationFacts(run.steps(), run.cqEntries());
        f.run();
        return f.checked;
    }

    private void run() {
        long allocated = 0;
        Map<Long, Long> sqeFlags = new HashMap<>();
        Set<Long> failed = new HashSet<>();
        // The chains as the whole trace assembles them: a step may speak of members linked after it.
        Map<Long, List<Long>> chains = new LinkedHashMap<>();
        for (Step step : steps) {
            if (step.kind() == Step.Kind.KERNEL && (function(step.call()).equals("io_submit_sqe: link")
                    || function(step.call()).equals("io_submit_fail_init: link"))) {
                Map<String, Long> args = args(step.call());
                chains.computeIfAbsent(args.get("head"), h -> new ArrayList<>(List.of(h))).add(args.get("ud"));
            }
        }
        Snapshot before = null;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            Snapshot s = step.state();
            Snapshot p = before;
            String call = step.call();
            String fn = function(call);
            Map<String, Long> args = args(call);
            String text = step.change();
            int n = i;
            if (step.kind() == Step.Kind.KERNEL) {
                switch (fn) {
                    case "io_alloc_req" -> allocated++;
                    case "io_free_batch_list", "io_req_free_batch_finish" -> allocated -= args.get("nr");
                    case "io_free_req" -> allocated--;
                    case "io_init_req" -> sqeFlags.put(args.get("ud"), args.get("flags"));
                    default -> { }
                }
            }
            long alloc = allocated;
            fact(n, text, "cached CQ tail (\\d+)", m -> expect(n, text, "the cached CQ tail", s.cqCachedTail(), m.group(1)));
            fact(n, text, "CQ tail (\\d+) -> (\\d+): the application sees (\\d+) CQE", m -> {
                expect(n, text, "the CQ tail before", p == null ? 0 : p.cqTail(), m.group(1));
                expect(n, text, "the CQ tail", s.cqTail(), m.group(2));
                expect(n, text, "the CQEs visible (tail - head)", s.cqTail() - s.cqHead(), m.group(3));
            });
            fact(n, text, "CQ tail stays (\\d+)", m -> {
                expect(n, text, "the CQ tail", s.cqTail(), m.group(1));
                expect(n, text, "the CQ tail before", p == null ? 0 : p.cqTail(), m.group(1));
            });
            fact(n, text, "written to slot (\\d+)", m -> expect(n, text, "the slot (cached tail - 1) & mask",
                    (s.cqCachedTail() - 1) & cqMask, m.group(1)));
            fact(n, text, "joins compl_reqs \\((\\d+)\\)", m -> expect(n, text, "compl_reqs", s.complReqs().size(), m.group(1)));
            fact(n, text, "\\((\\d+) queued\\)", m -> expect(n, text, "task work queued", s.taskWork().size(), m.group(1)));
            fact(n, text, "overflow list \\((\\d+)\\)", m -> expect(n, text, "the overflow list", s.overflow().size(), m.group(1)));
            fact(n, text, "kept in cqes\\[(\\d+)\\]", m -> expect(n, text, "cqes[]'s last index", s.deferred().size() - 1, m.group(1)));
            fact(n, text, "SQ head (\\d+) -> (\\d+)", m -> {
                expect(n, text, "the SQ head before", p == null ? 0 : p.sqHead(), m.group(1));
                expect(n, text, "the SQ head", s.sqHead(), m.group(2));
            });
            fact(n, text, "cached SQ head (\\d+)", m -> expect(n, text, "the cached SQ head", s.sqCachedHead(), m.group(1)));
            fact(n, text, "published SQ tail (\\d+)", m -> expect(n, text, "the SQ tail", s.sqTail(), m.group(1)));
            fact(n, text, "advances the CQ head to (\\d+)", m -> expect(n, text, "the CQ head", s.cqHead(), m.group(1)));
            fact(n, text, "\\((\\d+) allocated and not yet freed", m -> expect(n, text,
                    "io_alloc_req lines less the requests io_free_batch_list and io_free_req gave back", alloc, m.group(1)));
            fact(n, text, "(\\d+) left in the cache", m -> expect(n, text, "the request cache", s.reqCache(), m.group(1)));
            fact(n, text, "\\((\\d+) in the cache\\)", m -> expect(n, text, "the request cache", s.reqCache(), m.group(1)));
            fact(n, text, "into the cache \\((\\d+)\\)", m -> expect(n, text, "the request cache", s.reqCache(), m.group(1)));
            fact(n, text, "the registered eventfd is signalled \\((\\d+)\\)", m -> expect(n, text, "eventfd signals",
                    s.eventfdSignals(), m.group(1)));
            fact(n, text, "back to cpu(\\d+)'s cache \\((\\d+)\\)", m -> expect(n, text, "cpu" + m.group(1) + "'s bio cache",
                    s.bioCache().getOrDefault("cpu" + m.group(1), 0), m.group(2)));
            fact(n, text, "moved into the ring, (\\d+) left", m -> expect(n, text, "the overflow list", s.overflow().size(), m.group(1)));
            fact(n, text, "the waitqueue (.+) \\((\\d+)(?: left)?\\)$", m -> expect(n, text, "the waitqueue " + m.group(1),
                    s.waitqueues().getOrDefault(m.group(1), List.of()).size(), m.group(2)));
            fact(n, text, "completion lock taken by (\\S+)", m -> truth(n, text, "the lock holder is " + s.lock(),
                    m.group(1).equals(s.lock())));
            fact(n, text, "completion lock released", m -> truth(n, text, "the lock is still held", s.lock() == null));
            fact(n, text, "the CQ tail is not committed yet", m -> truth(n, text,
                    "the CQ tail " + s.cqTail() + " is already the cached tail", s.cqCachedTail() > s.cqTail()));
            fact(n, text, "the CQ tail is already committed", m -> truth(n, text,
                    "CQEs are written past the tail", s.cqCachedTail() == s.cqTail()));
            if (fn.equals("req_set_fail")) {
                long ud = args.get("ud");
                long flags = sqeFlags.getOrDefault(ud, 0L);
                fact(n, text, "marked failed again", m -> truth(n, text, "ud=" + ud + " was not marked failed before",
                        failed.contains(ud)));
                fact(n, text, "marked failed \\(REQ_F_FAIL\\)", m -> truth(n, text, "ud=" + ud + " was marked failed before",
                        !failed.contains(ud)));
                fact(n, text, "it is soft-linked", m -> truth(n, text, "ud=" + ud + "'s SQE has no IOSQE_IO_LINK",
                        (flags & IOSQE_IO_LINK) != 0 && (flags & IOSQE_IO_HARDLINK) == 0));
                fact(n, text, "the rest of its chain will be cancelled", m -> truth(n, text,
                        "no member after ud=" + ud + " completes with -ECANCELED", later(n, t -> after(chains, ud).stream()
                                .anyMatch(next -> completes(t, next) && res(t) == ECANCELED))));
                fact(n, text, "it is hard-linked", m -> truth(n, text, "ud=" + ud + "'s SQE has no IOSQE_IO_HARDLINK",
                        (flags & IOSQE_IO_HARDLINK) != 0));
                fact(n, text, "the chain goes on after it", m -> truth(n, text, "the next member is not issued",
                        !after(chains, ud).isEmpty() && later(n, t -> t.startsWith("io_issue_sqe ud=" + after(chains, ud).getFirst() + " "))));
                fact(n, text, "no request is linked after it", m -> truth(n, text, "ud=" + ud + " carries a link flag",
                        (flags & (IOSQE_IO_LINK | IOSQE_IO_HARDLINK)) == 0));
                failed.add(ud);
            }
            if (fn.equals("io_issue_sqe")) {
                long ud = args.get("ud");
                fact(n, text, "the handler returned 0", m -> truth(n, text, "io_issue_sqe's ret is " + args.get("ret"),
                        args.get("ret") == 0));
                fact(n, text, "its CQE will carry the error", m -> truth(n, text, "ud=" + ud + " completes with res >= 0",
                        later(n, t -> completes(t, ud) && res(t) < 0) && !later(n, t -> completes(t, ud) && res(t) >= 0)));
                fact(n, text, "the request is marked failed", m -> truth(n, text, "no req_set_fail for ud=" + ud,
                        failed.contains(ud)));
            }
            if (fn.equals("io_req_tw_fail_links")) {
                fact(n, text, "the chain's (\\d+) cancelled member\\(s\\), from ud=(\\d+) on", m -> {
                    expect(n, text, "io_req_tw_fail_links' nr", args.get("nr"), m.group(1));
                    List<String> next = nextCompletions(n, Integer.parseInt(m.group(1)));
                    truth(n, text, "the next completions are " + next, !next.isEmpty()
                            && completes(next.getFirst(), Long.parseLong(m.group(2)))
                            && next.size() == Integer.parseInt(m.group(1)) && next.stream().allMatch(t -> res(t) < 0));
                });
            }
            if (fn.equals("io_fail_links")) {
                fact(n, text, "the (\\d+) link\\(s\\) after ud=(\\d+) are cancelled", m -> expect(n, text,
                        "the members after ud=" + m.group(2) + " in its chain " + chains,
                        after(chains, Long.parseLong(m.group(2))).size(), m.group(1)));
            }
            before = s;
        }
    }

    /** Runs {@code check} on each match of {@code regex} in {@code text}, counting it as a fact. */
    private void fact(int step, String text, String regex, Consumer<Matcher> check) {
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            checked++;
            check.accept(m);
        }
    }

    private void expect(int step, String text, String what, long actual, String said) {
        if (Long.parseLong(said) != actual) {
            problems.add("step " + (step + 1) + ": \"" + text + "\": says " + said + ", " + what + " is " + actual);
        }
    }

    private void truth(int step, String text, String otherwise, boolean holds) {
        if (!holds) {
            problems.add("step " + (step + 1) + ": \"" + text + "\": " + otherwise);
        }
    }

    private boolean later(int step, java.util.function.Predicate<String> call) {
        return steps.subList(step + 1, steps.size()).stream()
                .anyMatch(s -> s.kind() == Step.Kind.KERNEL && call.test(s.call()));
    }

    private List<String> nextCompletions(int step, int count) {
        return steps.subList(step + 1, steps.size()).stream()
                .filter(s -> s.kind() == Step.Kind.KERNEL && COMPLETION.matcher(s.call()).matches())
                .map(Step::call).limit(count).toList();
    }

    /** The members of {@code ud}'s chain after it, in order. */
    private static List<Long> after(Map<Long, List<Long>> chains, long ud) {
        for (List<Long> chain : chains.values()) {
            int i = chain.indexOf(ud);
            if (i >= 0) {
                return chain.subList(i + 1, chain.size());
            }
        }
        return List.of();
    }

    private static boolean completes(String call, long ud) {
        return COMPLETION.matcher(call).matches() && args(call).getOrDefault("ud", -1L) == ud;
    }

    private static long res(String call) {
        return args(call).getOrDefault("res", 0L);
    }

    /** The function a call names: up to its first argument ({@code io_submit_sqe: link}, {@code spin_lock(...)}). */
    static String function(String call) {
        int eq = call.indexOf('=');
        String head = eq < 0 ? call : call.substring(0, call.lastIndexOf(' ', eq) < 0 ? eq : call.lastIndexOf(' ', eq));
        int paren = head.indexOf('(');
        return (paren < 0 ? head : head.substring(0, paren)).strip();
    }

    static Map<String, Long> args(String call) {
        Map<String, Long> args = new HashMap<>();
        Matcher m = ARG.matcher(call);
        while (m.find()) {
            String v = m.group(2);
            try {
                args.put(m.group(1), v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v));
            } catch (NumberFormatException e) {
                // an opcode's name (op=NOP): not a number any fact needs
            }
        }
        return args;
    }
}
