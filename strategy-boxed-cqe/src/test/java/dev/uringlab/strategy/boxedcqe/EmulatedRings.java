package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.api.Sqe;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helpers on the emulated engine, found through {@link Rings} as any user finds it
 * (ring-core is on the test class path only): a deterministic ring with chosen strategies,
 * NOP SQEs, and the CQE lines of a reap in the scenario format ({@code cqe ud=U res=R}).
 */
final class EmulatedRings {
    private EmulatedRings() {}

    /** A deterministic emulated ring of {@code entries} with {@code link-cqe} and {@code completion} chosen. */
    static Ring open(int entries, String linkCqe, String completion) {
        try {
            return Rings.open("emulated", RingConfig.builder(entries).deterministic(true)
                    .strategy("link-cqe", linkCqe).strategy("completion", completion).build());
        } catch (RingUnavailableException e) {
            throw new AssertionError("the emulated ring is always available", e);
        }
    }

    /** A deterministic emulated ring with {@code link-cqe} chosen and baseline posting. */
    static Ring open(String linkCqe) {
        return open(16, linkCqe, "baseline");
    }

    /** A NOP with user_data {@code ud} and IOSQE_* {@code flags}. */
    static Sqe nop(Ring ring, long ud, int flags) {
        return ring.getSqe().prepNop().userData(ud).flags(flags);
    }

    /** A NOP that completes with {@code res} (IORING_NOP_INJECT_RESULT). */
    static Sqe failingNop(Ring ring, long ud, int flags, int res) {
        return ring.getSqe().prepNopInject(res).userData(ud).flags(flags);
    }

    /** An SQE with an opcode no kernel knows: -EINVAL at init. */
    static Sqe badOpcode(Ring ring, long ud, int flags) {
        return ring.getSqe().prepRw(200, -1, 0, 0, 0).userData(ud).flags(flags);
    }

    /** Every CQE now in the ring, as {@code cqe ud=U res=R} lines, and the head advanced past them. */
    static List<String> reap(Ring ring) {
        List<String> lines = new ArrayList<>();
        int n = ring.forEachCqe((ud, res, flags) -> lines.add("cqe ud=" + ud + " res=" + res));
        ring.cqAdvance(n);
        return lines;
    }

    /** Submits and reaps: {@code submitted N} then the CQE lines. */
    static List<String> submitAndReap(Ring ring) {
        List<String> lines = new ArrayList<>();
        lines.add("submitted " + ring.submit());
        lines.addAll(reap(ring));
        return lines;
    }
}
