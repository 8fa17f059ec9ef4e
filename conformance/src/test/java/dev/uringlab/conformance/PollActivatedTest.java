package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.Counter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * 6.3 on, {@code ctx->poll_activated} (io_uring/io_uring.c:3823-3828 at v6.18.2): every ring
 * without {@code task_complete} calls the out-of-line __io_commit_cqring_flush after each CQ
 * commit (io_uring.h:508-513) and pays io_poll_wq_wake's wq_has_sleeper barrier there
 * (io_uring.c:573-574, io_uring.h:387-403), nobody polling the ring fd or not; a DEFER_TASKRUN
 * ring does neither until its fd is polled (not emulated). The linux-6.18 profile does this; the
 * seeds' 6.1 context, which had no poll_activated (io_uring.h:322-326 in v6.1-rc7), does not.
 */
class PollActivatedTest {
    private static final String CALL = "call __io_commit_cqring_flush";
    private static final String FENCE = "fence smp_mb(io_poll_wq_wake)";
    private static final int ROUNDS = 8;
    private static final int BATCH = 4;

    /** The typed steps of {@value #ROUNDS} traced rounds of {@value #BATCH} NOPs, and the flushes (ev_posted) among them. */
    private record Traced(List<String> steps, long flushes) {
        long count(String step) {
            return steps.stream().filter(step::equals).count();
        }

        /** The steps from each io_commit_cqring to the next enter or commit: one flush's post-commit work. */
        List<List<String>> afterEachCommit() {
            List<List<String>> out = new ArrayList<>();
            List<String> cur = null;
            for (String s : steps) {
                if (s.equals("shared-write io_commit_cqring")) {
                    cur = new ArrayList<>();
                    out.add(cur);
                } else if (s.startsWith("syscall ")) {
                    cur = null;
                } else if (cur != null) {
                    cur.add(s);
                }
            }
            return out;
        }
    }

    private static Traced nops(String profile, int flags, boolean eventfd) throws Exception {
        List<String> steps = new ArrayList<>();
        boolean[] recording = {false};
        RingConfig config = RingConfig.builder(16).flags(flags).deterministic(true).profile(profile).trace(e -> {
            if (recording[0] && e.typedStep() != null) {
                steps.add(e.typedStep());
            }
        }).build();
        try (Ring ring = Rings.open("emulated", config)) {
            if (eventfd) {
                assertThat(ring.registerEventfd(ring.sys().eventfd())).isZero();
            }
            round(ring); // warm: the request cache filled
            long before = ring.counters().get(Counter.EV_POSTED);
            recording[0] = true;
            for (int i = 0; i < ROUNDS; i++) {
                round(ring);
            }
            recording[0] = false;
            return new Traced(steps, ring.counters().get(Counter.EV_POSTED) - before);
        }
    }

    private static void round(Ring ring) {
        for (int i = 0; i < BATCH; i++) {
            ring.getSqe().prepNop().userData(i);
        }
        assertThat(ring.submitAndWait(BATCH)).isEqualTo(BATCH);
        assertThat(ring.forEachCqe((ud, res, f) -> assertThat(res).isZero())).isEqualTo(BATCH);
        ring.cqAdvance(BATCH);
    }

    @Test
    void aRingWithoutDeferTaskrunCallsTheFlushAndPaysItsBarrierOnEveryFlush() throws Exception {
        Traced t = nops("linux-6.18", 0, false);
        assertThat(t.flushes()).as("one flush per enter's batch").isEqualTo(ROUNDS);
        assertThat(t.count(CALL)).isEqualTo(t.flushes());
        assertThat(t.count(FENCE)).isEqualTo(t.flushes());
        assertThat(t.afterEachCommit()).as("__io_cq_unlock_post after the commit (io_uring.c:593-604): the unlock,"
                + " io_cqring_wake's barrier on cq_wait, then __io_commit_cqring_flush and poll_wq's barrier; nobody"
                + " polls the ring fd, so no __wake_up").allSatisfy(after -> assertThat(after).startsWith(
                        "fence smp_mb", CALL, FENCE));
    }

    @Test
    void anIopollRingIsNotTaskCompleteSoItPaysThemToo() throws Exception {
        Traced t = nops("linux-6.18", SetupFlags.IORING_SETUP_IOPOLL, false);
        assertThat(t.flushes()).isPositive();
        assertThat(t.count(CALL)).isEqualTo(t.flushes());
        assertThat(t.count(FENCE)).isEqualTo(t.flushes());
    }

    @Test
    void aDeferTaskrunRingDoesNeither() throws Exception {
        Traced t = nops("linux-6.18", SetupFlags.IORING_SETUP_SINGLE_ISSUER | SetupFlags.IORING_SETUP_DEFER_TASKRUN, false);
        assertThat(t.flushes()).isEqualTo(ROUNDS);
        assertThat(t.steps()).doesNotContain(CALL, FENCE);
    }

    @Test
    void aDeferTaskrunRingWithAnEventfdCallsTheFlushForTheEventfdAlone() throws Exception {
        Traced t = nops("linux-6.18", SetupFlags.IORING_SETUP_SINGLE_ISSUER | SetupFlags.IORING_SETUP_DEFER_TASKRUN, true);
        assertThat(t.count(CALL)).isEqualTo(t.flushes()).isEqualTo(ROUNDS);
        assertThat(t.steps()).doesNotContain(FENCE);
    }

    @Test
    void theSeedsSixOneContextHadNoPollActivated() throws Exception {
        Traced t = nops("linux-6.1", 0, false);
        assertThat(t.flushes()).isEqualTo(ROUNDS);
        assertThat(t.steps()).as("v6.1-rc7 io_uring.h:322-326: out of line only for an eventfd, timeouts or a drain")
                .doesNotContain(CALL, FENCE);
    }
}
