package dev.uringlab.workloads.fuzz;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Compares two CQE streams of one program on what the kernel guarantees, and nothing more.
 *
 * <p>The kernel promises the order of each request's own CQEs (a multishot poll's F_MORE CQEs,
 * then its last), the order of a chain (a link member is issued only after the one before it
 * completed), and the position of everything completed inline or by the submitting task's own
 * task work. It promises no order for work an io-wq worker does: a request with IOSQE_ASYNC, a
 * drained request, or the head of a chain left open at the end of a submit, which
 * io_submit_state_end hands to io_queue_sqe_fallback and so to io-wq (io_uring/io_uring.c). The
 * worker posts its CQE itself (io_req_complete_post) whenever it runs, against task work on the
 * submitting thread. So for a program whose generator names such requests ({@link Program#freeChains()}):
 * <ul>
 *   <li>every line that is not a CQE of a free request must be the same, in the same order (the
 *       {@code submitted N} lines, run-time failures, and every other request's CQEs);</li>
 *   <li>the CQEs of each free chain must be the same, in the same order, wherever they fall: a
 *       request's own CQEs keep their order, and a chain's members complete in turn (a member is
 *       issued only once the one before it completed, or is cancelled in order by io_fail_links).</li>
 * </ul>
 * A program with no free request is compared line by line.
 */
public final class Judge {
    private Judge() {}

    /** Whether {@code a} and {@code b}, two streams of {@code program}, agree on what the kernel guarantees. */
    public static boolean agrees(Program program, List<String> a, List<String> b) {
        return agrees(program.freeChains(), a, b);
    }

    /** Whether {@code a} and {@code b} agree, the CQEs of the chains {@code free} compared per chain only. */
    public static boolean agrees(List<List<Long>> free, List<String> a, List<String> b) {
        if (a.equals(b)) {
            return true;
        }
        if (free.isEmpty() || a.size() != b.size()) {
            return false;
        }
        Set<Long> all = new HashSet<>();
        free.forEach(all::addAll);
        if (!a.stream().filter(l -> userData(l, all) == null).toList()
                .equals(b.stream().filter(l -> userData(l, all) == null).toList())) {
            return false;
        }
        for (List<Long> chain : free) {
            Set<Long> members = Set.copyOf(chain);
            if (!a.stream().filter(l -> userData(l, members) != null).toList()
                    .equals(b.stream().filter(l -> userData(l, members) != null).toList())) {
                return false;
            }
        }
        return true;
    }

    /** The user_data of a CQE line when it is one of {@code uds}, else null. */
    private static Long userData(String line, Set<Long> uds) {
        if (!line.startsWith("cqe ud=")) {
            return null;
        }
        int end = line.indexOf(' ', "cqe ud=".length());
        long ud = Long.parseLong(line.substring("cqe ud=".length(), end));
        return uds.contains(ud) ? ud : null;
    }
}
