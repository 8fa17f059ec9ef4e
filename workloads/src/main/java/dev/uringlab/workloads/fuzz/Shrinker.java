package dev.uringlab.workloads.fuzz;

import dev.uringlab.api.RingUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reduces a disagreeing program to a small one that still disagrees under the same strategy set
 * with a kernel that gives the same stream twice: delete runs of lines (halving their length
 * down to one line), then drop optional words ({@code link}, {@code async}, {@code events=OUT},
 * {@code fail=...}) and lower every count ({@code len=}, {@code app write}, ring sizes; never
 * {@code wait N}, which the generator chose to cover what it is sure of), until nothing more goes. Each candidate costs one emulated and up to two native
 * runs; {@link #MAX_CANDIDATES} bounds a shrink.
 */
public final class Shrinker {
    /** The most candidate programs one shrink tries. */
    public static final int MAX_CANDIDATES = 600;
    private static final Pattern WORD = Pattern.compile(
            " (link|hardlink|drain|async|skip|multi|events=[A-Z|]+|fail=-?[A-Z0-9]+)(?= |$)");
    private static final Pattern NUMBER = Pattern.compile("(?<=(len=|entries=|^app (write|read) [a-z]{1,8}\\.[rw] ))[0-9]+");

    private final DifferentialRunner runner;
    private int tried;
    private List<List<Long>> free = List.of();

    public Shrinker(DifferentialRunner runner) {
        this.runner = runner;
    }

    /** The smallest program found that still disagrees as {@code verdict} does. */
    public List<String> shrink(Verdict.Disagree verdict) throws RingUnavailableException {
        tried = 0;
        EmulatedSet set = verdict.set();
        free = verdict.program().freeChains();
        List<String> best = new ArrayList<>(verdict.program().lines());
        boolean progress = true;
        while (progress && tried < MAX_CANDIDATES) {
            progress = deleteLines(best, set) | simplifyWords(best, set);
        }
        return best;
    }

    private boolean deleteLines(List<String> best, EmulatedSet set) throws RingUnavailableException {
        boolean progress = false;
        for (int size = Math.max(1, (best.size() - 1) / 2); size >= 1; size /= 2) {
            for (int i = 1; i + size <= best.size() && tried < MAX_CANDIDATES; ) {
                List<String> candidate = new ArrayList<>(best.subList(0, i));
                candidate.addAll(best.subList(i + size, best.size()));
                if (accept(candidate, set)) {
                    best.clear();
                    best.addAll(candidate);
                    progress = true;
                } else {
                    i++;
                }
            }
        }
        return progress;
    }

    private boolean simplifyWords(List<String> best, EmulatedSet set) throws RingUnavailableException {
        boolean progress = false;
        for (int i = 0; i < best.size() && tried < MAX_CANDIDATES; i++) {
            Matcher words = WORD.matcher(best.get(i));
            while (words.find()) {
                String line = best.get(i);
                if (tryLine(best, i, line.substring(0, words.start()) + line.substring(words.end()), set)) {
                    progress = true;
                    words = WORD.matcher(best.get(i));
                }
            }
            for (int k = 0; ; k++) {
                Matcher numbers = NUMBER.matcher(best.get(i));
                if (!numbers.results().skip(k).findFirst().isPresent()) {
                    break;
                }
                numbers.reset();
                for (int j = 0; j <= k; j++) {
                    numbers.find();
                }
                String line = best.get(i);
                long value = Long.parseLong(numbers.group());
                for (long lower : new long[] {1, value / 2, value - 1}) {
                    if (lower >= 1 && lower < value && tryLine(best, i,
                            line.substring(0, numbers.start()) + lower + line.substring(numbers.end()), set)) {
                        progress = true;
                        break;
                    }
                }
            }
        }
        return progress;
    }

    private boolean tryLine(List<String> best, int i, String replacement, EmulatedSet set)
            throws RingUnavailableException {
        List<String> candidate = new ArrayList<>(best);
        candidate.set(i, replacement);
        if (!accept(candidate, set)) {
            return false;
        }
        best.set(i, replacement);
        return true;
    }

    private boolean accept(List<String> candidate, EmulatedSet set) throws RingUnavailableException {
        if (!guarded(candidate)) {
            return false;
        }
        tried++;
        return runner.disagrees(candidate, set, free);
    }

    /**
     * Whether every submit whose CQEs land whenever an io-wq worker gets to them (a batch with
     * IOSQE_ASYNC or IOSQE_IO_DRAIN, or ending in an open chain, which io_submit_state_end
     * punts) comes right after a {@code reap} and right before a {@code wait} for exactly its
     * SQEs' CQEs, as the generator writes it. Without this,
     * deleting the wait steers a shrink into the kernel's nondeterminism: the kernel gives the
     * same stream three times because its worker is usually slower than the next {@code reap}.
     */
    static boolean guarded(List<String> lines) {
        return check(lines, true);
    }

    /** Whether some submit of {@code lines} punts work to io-wq: IOSQE_ASYNC, IOSQE_IO_DRAIN or an open chain. */
    static boolean punts(List<String> lines) {
        return !check(lines, false);
    }

    private static boolean check(List<String> lines, boolean waitGuards) {
        boolean punted = false;
        boolean lastLinked = false;
        int sqes = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String command = line.split(" ", 2)[0];
            switch (command) {
                case "nop", "poll", "poll-remove", "read", "write", "opcode" -> {
                    String words = line + " ";
                    punted |= words.contains(" async ") || words.contains(" drain ");
                    lastLinked = words.contains(" link ") || words.contains(" hardlink ");
                    sqes++;
                }
                case "submit" -> {
                    if ((punted || lastLinked) && (!waitGuards || i == 0 || i + 1 == lines.size()
                            || !lines.get(i - 1).equals("reap") || !lines.get(i + 1).equals("wait " + sqes))) {
                        return false;
                    }
                    punted = lastLinked = false;
                    sqes = 0;
                }
                default -> { }
            }
        }
        return true;
    }
}
