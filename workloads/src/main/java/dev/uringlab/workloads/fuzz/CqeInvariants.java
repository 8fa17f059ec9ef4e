package dev.uringlab.workloads.fuzz;

import dev.uringlab.spi.Axis;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What must hold for any CQE stream of a generated program on the emulator, under any strategy
 * set, whatever the kernel would print (DESIGN.md rules 3 and 6):
 * <ul>
 *   <li>every CQE names an SQE of the program;</li>
 *   <li>a request that is not a multishot poll posts at most one CQE; a multishot poll posts
 *       nothing after its CQE without IORING_CQE_F_MORE (per-request order kept);</li>
 *   <li>plain NOPs of one submit are reaped in submission order, through the ring or the
 *       overflow list (the overflow list is FIFO);</li>
 *   <li>every SQE the generator knows completes at once posts exactly one CQE by the end (no CQE
 *       lost), on a set that posts every link CQE and implements the skip flag if the program
 *       uses it, when no SQE failed at init and the run did not fail.</li>
 * </ul>
 */
public final class CqeInvariants {
    private static final String SKIP_ALIAS = "cqe-skip-success";

    private CqeInvariants() {}

    /** The violations of {@code stream} (a run of {@code program} under {@code set}); empty when none. */
    public static List<String> check(Program program, EmulatedSet set, List<String> stream) {
        List<String> violations = new ArrayList<>();
        Map<Long, Integer> count = new HashMap<>();
        Set<Long> ended = new HashSet<>();
        List<Long> order = new ArrayList<>();
        boolean failed = false;
        for (String line : stream) {
            if (line.startsWith(DifferentialRunner.FAILURE)) {
                failed = true;
                continue;
            }
            if (!line.startsWith("cqe ")) {
                continue;
            }
            String[] f = line.split(" ");
            long ud = Long.parseLong(f[1].substring("ud=".length()));
            boolean more = f[3].contains("MORE");
            order.add(ud);
            int n = count.merge(ud, 1, Integer::sum);
            if (ud < 1 || ud > maxUserData(program)) {
                violations.add(line + ": names no SQE of the program");
            } else if (program.multishot().contains(ud)) {
                if (ended.contains(ud)) {
                    violations.add(line + ": after the multishot poll's final CQE");
                }
                if (!more) {
                    ended.add(ud);
                }
            } else if (n > 1) {
                violations.add(line + ": CQE number " + n + " of a request that posts one");
            }
        }
        for (List<Long> group : program.ordered()) {
            List<Long> seen = order.stream().filter(group::contains).toList();
            List<Long> sorted = seen.stream().sorted().toList();
            if (!seen.equals(sorted)) {
                violations.add("NOPs of one submit reaped out of order: " + seen);
            }
        }
        boolean everyCqe = set.postsEveryLinkCqe()
                && (!program.usesSkip() || set.aliasOn(Axis.LINK_CQE).equals(SKIP_ALIAS));
        if (everyCqe && !failed && !program.initFailures()) {
            for (long ud : program.sure()) {
                if (count.getOrDefault(ud, 0) != 1) {
                    violations.add("ud=" + ud + " posted " + count.getOrDefault(ud, 0) + " CQEs, not exactly one");
                }
            }
        }
        return violations;
    }

    private static long maxUserData(Program program) {
        long max = 0;
        for (String line : program.lines()) {
            int at = line.indexOf(" ud=");
            if (at >= 0) {
                int end = line.indexOf(' ', at + 4);
                max = Math.max(max, Long.parseLong(line.substring(at + 4, end < 0 ? line.length() : end)));
            }
        }
        return max;
    }
}
