package dev.uringlab.core;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.api.SqRingFlags;
import dev.uringlab.api.Sqe;
import java.util.ArrayList;
import java.util.List;

/** Opens emulated rings through ring-api and reaps CQEs as scenario lines ({@code cqe ud=U res=R flags=F}). */
final class RingFixture {
    private RingFixture() {}

    /** A deterministic ring with {@code entries} SQ entries and baseline strategies. */
    static Ring open(int entries) {
        return open(RingConfig.builder(entries).deterministic(true).build());
    }

    static Ring open(RingConfig config) {
        try {
            return Rings.open("emulated", config);
        } catch (dev.uringlab.api.RingUnavailableException e) {
            throw new AssertionError(e);
        }
    }

    /** Every CQE in the ring, in order, advancing over them; flushes the overflow list as liburing does. */
    static List<String> reap(Ring ring) {
        List<String> out = new ArrayList<>();
        while (true) {
            int n = ring.forEachCqe((ud, res, flags) -> out.add(line(ud, res, flags)));
            ring.cqAdvance(n);
            if ((ring.sqFlags() & SqRingFlags.IORING_SQ_CQ_OVERFLOW) == 0) {
                return out;
            }
            ring.enter(0, 0, IORING_ENTER_GETEVENTS);
        }
    }

    static String line(long ud, int res, int flags) {
        return "cqe ud=" + ud + " res=" + res + " flags=" + dev.uringlab.api.CqeFlags.describe(flags);
    }

    static String cqe(long ud, int res) {
        return line(ud, res, 0);
    }

    static String cqe(long ud, int res, String flags) {
        return "cqe ud=" + ud + " res=" + res + " flags=" + flags;
    }

    static Sqe nop(Ring ring, long ud) {
        return ring.getSqe().prepNop().userData(ud);
    }
}
