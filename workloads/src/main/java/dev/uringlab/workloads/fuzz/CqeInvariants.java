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
 *   <li>where several SQEs carry one user_data (the edge generator reuses it), the CQEs cannot
 *       be told apart, so the rule is what holds for any interleaving of those requests: each SQE
 *       posts at most one CQE without IORING_CQE_F_MORE, so there are at most as many as there are
 *       SQEs, and only a multishot poll posts F_MORE, so none carries it unless one of them is
 *       one;</li>
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
        Map<Long, Integer> sqes = sqesPerUserData(program);
        Map<Long, Integer> finals = new HashMap<>();
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
            int named = sqes.getOrDefault(ud, 0);
            if (named == 0) {
                violations.add(line + ": names no SQE of the program");
            } else if (named > 1) {
                if (more && !program.multishot().contains(ud)) {
                    violations.add(line + ": F_MORE on a user_data no multishot poll carries");
                } else if (!more && finals.merge(ud, 1, Integer::sum) > named) {
                    violations.add(line + ": final CQE number " + finals.get(ud) + " of a user_data " + named + " SQEs carry");
                }
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

    /** How many SQEs of the program carry each user_data ({@code wait ud=} names one, it is not an SQE). */
    private static Map<Long, Integer> sqesPerUserData(Program program) {
        Map<Long, Integer> sqes = new HashMap<>();
        for (String line : program.lines()) {
            int at = line.indexOf(" ud=");
            if (at >= 0 && !line.startsWith("wait ")) {
                int end = line.indexOf(' ', at + 4);
                sqes.merge(Long.parseLong(line.substring(at + 4, end < 0 ? line.length() : end)), 1, Integer::sum);
            }
        }
        return sqes;
    }
}
