package dev.uringlab.strategy.batchedcqe;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;

import dev.uringlab.api.CqeFlags;
import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.Ring;
import dev.uringlab.api.SqRingFlags;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The CQEs an application reaps from a ring, in order, as the scenario runner's {@code reap}
 * does: every CQE in the ring, then, while IORING_SQ_CQ_OVERFLOW is set, flush the overflow
 * list with io_uring_enter(0, 0, GETEVENTS) and go on. Also checks the multishot invariant
 * on the way: no CQE for a user_data after one without F_MORE (its terminal); tests give
 * every request its own user_data.
 */
final class CqeStream {
    /** One reaped CQE. */
    record Cqe(long userData, int res, int flags) {
        boolean more() {
            return (flags & IORING_CQE_F_MORE) != 0;
        }

        @Override
        public String toString() {
            return "cqe ud=" + userData + " res=" + res + " flags=" + CqeFlags.describe(flags);
        }
    }

    private final Ring ring;
    private final List<Cqe> cqes = new ArrayList<>();
    private final Set<Long> ended = new HashSet<>();

    CqeStream(Ring ring) {
        this.ring = ring;
    }

    /** Reaps everything there is, overflowed CQEs included; returns how many. */
    int reap() {
        int before = cqes.size();
        while (true) {
            ring.cqAdvance(ring.forEachCqe((ud, res, flags) -> add(new Cqe(ud, res, flags))));
            if ((ring.sqFlags() & SqRingFlags.IORING_SQ_CQ_OVERFLOW) == 0) {
                break;
            }
            ring.enter(0, 0, EnterFlags.IORING_ENTER_GETEVENTS);
        }
        return cqes.size() - before;
    }

    List<Cqe> cqes() {
        return cqes;
    }

    private void add(Cqe cqe) {
        if (ended.contains(cqe.userData())) {
            throw new AssertionError("a CQE after the terminal CQE of ud=" + cqe.userData() + ": " + cqe
                    + "\nstream so far: " + cqes);
        }
        if (!cqe.more()) {
            ended.add(cqe.userData());
        }
        cqes.add(cqe);
    }
}
