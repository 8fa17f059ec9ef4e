package dev.uringlab.conformance;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelCq.Entry;
import dev.uringlab.spi.ModelCq;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.ReqFlags;
import dev.uringlab.spi.StrategyProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of the {@code completion} axis ({@link CompletionPosting}), run for every
 * registered implementation, in isolation, on a {@link ModelCq} that fails at
 * the call on any fill, overflow or commit outside the completion lock, a recursive lock, or an
 * ev_posted under the lock. What every implementation must do:
 * <ul>
 *   <li>post a batch's request CQEs in completion order, none for REQ_F_CQE_SKIP;</li>
 *   <li>return from a flush (and from a non-deferred aux post) unlocked, with every CQE it wrote
 *       committed and an ev_posted after the last commit;</li>
 *   <li>post an aux CQE outside task work at once;</li>
 *   <li>deliver every aux CQE it accepted, deferred or not, before the request CQEs of the next
 *       flush (the ordering invariant of seed 000), however many it holds;</li>
 *   <li>never lose a request CQE when the CQ is full (they go to the overflow list, in order);</li>
 *   <li>refuse an aux CQE it cannot deliver (CQ full outside task work, or CQEs waiting on the
 *       overflow list), so the multishot request ends; and never deliver one it refused. Except
 *       the implementations of the kernels that had multishot polls (5.13) before io_post_aux_cqe
 *       took its {@code allow_overflow} (5.17): there __io_cqring_fill_event put every CQE that
 *       found no room on the overflow list (v5.15 fs/io_uring.c:1771), so they refuse none and
 *       deliver all, in order ({@link #overflowsAuxCqes}); and 6.18's io_post_aux_cqe, which lost
 *       the argument again: outside task work it overflows, while its io_req_post_cqe refuses
 *       ({@link #overflowsNonDeferredAuxCqes});</li>
 *   <li>keep all of it on a DEFER_TASKRUN ring, whose CQ a kernel from 6.7 on writes without
 *       the completion lock (ctx->lockless_cq: {@link ModelCq#lockless}).</li>
 * </ul>
 * By design the implementations differ, and this contract does not assert, in what a CQE
 * costs: baseline takes one lock section, commit and ev_posted per batch and per aux CQE;
 * {@code batched-cqe} folds deferred aux CQEs into the next batch's section (and makes them
 * visible only then); {@code per-cqe-lock} pays one per CQE. Their own modules count that.
 */
class CompletionPostingContract {

    static Stream<Named<StrategyProvider<CompletionPosting>>> providers() {
        return Providers.of(Axis.COMPLETION);
    }

    private static CompletionPosting create(StrategyProvider<CompletionPosting> p, int cqEntries) {
        return p.create(new FakeStrategyContext(cqEntries, Map.of()));
    }

    /**
     * Whether {@code p} is the mechanism of a kernel that had multishot polls (5.13) but not yet
     * io_post_aux_cqe's {@code allow_overflow} (5.17), whose aux CQE that finds no room goes to the
     * overflow list, IORING_CQE_F_MORE and all (v5.15 fs/io_uring.c:1771; v5.14 :1613).
     */
    static boolean overflowsAuxCqes(StrategyProvider<CompletionPosting> p) {
        return Stream.of("5.13", "5.14", "5.15", "5.16").anyMatch(p.mainline()::contains);
    }

    /**
     * Whether {@code p}'s aux post outside task work puts a CQE that finds no room on the overflow
     * list: the 5.x kernels of {@link #overflowsAuxCqes}, and 6.18, whose io_post_aux_cqe has no
     * {@code allow_overflow} (io_uring/io_uring.c:904-917 at v6.18.2: io_cqe_overflow_locked,
     * :913), while its io_req_post_cqe from task work refuses (:956-962).
     */
    static boolean overflowsNonDeferredAuxCqes(StrategyProvider<CompletionPosting> p) {
        return overflowsAuxCqes(p) || p.mainline().contains("6.18");
    }

    private static ModelReq req(long userData) {
        return new ModelReq(userData, 0, 0, 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldHoldNothingBackWhenFresh(StrategyProvider<CompletionPosting> p) {
        assertThat(create(p, 8).hasDeferred()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldPostABatchInCompletionOrder(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(16);
        CompletionPosting s = create(p, 16);
        s.flushCompletions(cq, ModelBatch.of(req(1), req(2), req(3), req(4)));
        cq.assertQuiescent("flushCompletions");
        assertThat(cq.deliveredUserData()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(s.hasDeferred()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldPostNothingForARequestFlaggedCqeSkip(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(16);
        create(p, 16).flushCompletions(cq, ModelBatch.of(req(1), new ModelReq(2, ReqFlags.REQ_F_CQE_SKIP), req(3)));
        cq.assertQuiescent("flushCompletions");
        assertThat(cq.deliveredUserData()).containsExactly(1L, 3L);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldPostAnAuxCqeAtOnceOutsideTaskWork(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(16);
        CompletionPosting s = create(p, 16);
        assertThat(s.postAuxCqe(cq, 7, 1, IORING_CQE_F_MORE, false, false)).isTrue();
        cq.assertQuiescent("postAuxCqe(defer=false)");
        assertThat(cq.delivered()).containsExactly(new Entry(7, 1, IORING_CQE_F_MORE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldPostDeferredAuxCqesBeforeTheRequestCqesOfTheNextFlush(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(16);
        CompletionPosting s = create(p, 16);
        for (int res = 1; res <= 3; res++) {
            assertThat(s.postAuxCqe(cq, 7, res, IORING_CQE_F_MORE, true, false)).isTrue();
        }
        s.flushCompletions(cq, ModelBatch.of(new ModelReq(7, -125, 0, 0), req(8)));
        cq.assertQuiescent("flushCompletions");
        assertThat(cq.delivered()).containsExactly(new Entry(7, 1, IORING_CQE_F_MORE), new Entry(7, 2, IORING_CQE_F_MORE),
                new Entry(7, 3, IORING_CQE_F_MORE), new Entry(7, -125, 0), new Entry(8, 0, 0));
        assertThat(s.hasDeferred()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldDeliverEveryDeferredAuxCqeEvenBeyondItsArray(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(128);
        CompletionPosting s = create(p, 128);
        List<Entry> posted = new ArrayList<>();
        for (int res = 1; res <= 40; res++) {
            assertThat(s.postAuxCqe(cq, 5, res, IORING_CQE_F_MORE, true, false)).isTrue();
            posted.add(new Entry(5, res, IORING_CQE_F_MORE));
        }
        // The engine flushes at the end of the task-work run when something is held back.
        if (s.hasDeferred()) {
            s.flushCompletions(cq, ModelBatch.of());
        }
        cq.assertQuiescent("the end of the task-work run");
        assertThat(cq.delivered()).containsExactlyElementsOf(posted);
        assertThat(s.hasDeferred()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldNeverLoseARequestCqeWhenTheCqIsFull(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(2);
        create(p, 2).flushCompletions(cq, ModelBatch.of(req(1), req(2), req(3), req(4), req(5)));
        cq.assertQuiescent("flushCompletions");
        assertThat(cq.deliveredUserData()).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(cq.overflowPending()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldRefuseAnAuxCqeOutsideTaskWorkWhenTheCqIsFull(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(2);
        CompletionPosting s = create(p, 2);
        assertThat(s.postAuxCqe(cq, 1, 1, IORING_CQE_F_MORE, false, false)).isTrue();
        assertThat(s.postAuxCqe(cq, 2, 1, IORING_CQE_F_MORE, false, false)).isTrue();
        boolean overflows = overflowsNonDeferredAuxCqes(p);
        assertThat(s.postAuxCqe(cq, 3, 1, IORING_CQE_F_MORE, false, false)).as("third aux CQE into a CQ of 2")
                .isEqualTo(overflows);
        cq.assertQuiescent("postAuxCqe(defer=false)");
        if (overflows) {
            assertThat(cq.overflowedUserData()).as("5.13-5.16, 6.18: onto the overflow list").containsExactly(3L);
            assertThat(cq.delivered()).contains(new Entry(3, 1, IORING_CQE_F_MORE));
        } else {
            assertThat(cq.deliveredUserData()).containsExactly(1L, 2L);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldDeliverInOrderExactlyTheAuxCqesItAcceptedWhenTheCqFills(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(2);
        CompletionPosting s = create(p, 2);
        List<Entry> accepted = new ArrayList<>();
        for (int res = 1; res <= 5; res++) {
            if (s.postAuxCqe(cq, 9, res, IORING_CQE_F_MORE, true, false)) {
                accepted.add(new Entry(9, res, IORING_CQE_F_MORE));
            }
        }
        s.flushCompletions(cq, ModelBatch.of(new ModelReq(9, 1, 0, 0)));
        cq.assertQuiescent("flushCompletions");
        List<Entry> expected = new ArrayList<>(accepted);
        expected.add(new Entry(9, 1, 0));
        assertThat(accepted).as("the aux CQEs that fit at least").hasSizeGreaterThanOrEqualTo(2);
        assertThat(cq.delivered()).containsExactlyElementsOf(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldRefuseAuxCqesWhileCqesWaitOnTheOverflowList(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = new ModelCq(1);
        CompletionPosting s = create(p, 1);
        s.flushCompletions(cq, ModelBatch.of(req(1), req(2)));
        assertThat(cq.overflowPending()).isTrue();
        boolean outside = overflowsNonDeferredAuxCqes(p);
        boolean fromTaskWork = overflowsAuxCqes(p);
        assertThat(s.postAuxCqe(cq, 3, 1, IORING_CQE_F_MORE, false, false)).as("outside task work").isEqualTo(outside);
        assertThat(s.postAuxCqe(cq, 4, 1, IORING_CQE_F_MORE, true, false)).as("from task work").isEqualTo(fromTaskWork);
        if (s.hasDeferred()) {
            s.flushCompletions(cq, ModelBatch.of());
        }
        cq.assertQuiescent("the end of the task-work run");
        List<Long> overflowed = new ArrayList<>(List.of(2L));
        if (outside) {
            overflowed.add(3L);
        }
        if (fromTaskWork) {
            overflowed.add(4L);
        }
        List<Long> delivered = new ArrayList<>(List.of(1L));
        delivered.addAll(overflowed);
        assertThat(cq.deliveredUserData()).as("what overflows waits behind the CQEs already waiting, in order")
                .containsExactlyElementsOf(delivered);
        assertThat(cq.overflowedUserData()).containsExactlyElementsOf(overflowed);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldKeepTheContractOnADeferTaskrunRingWhoseCqMayBeLockless(StrategyProvider<CompletionPosting> p) {
        ModelCq cq = ModelCq.lockless(16);
        CompletionPosting s = p.create(new FakeStrategyContext(16, Map.of(),
                SetupFlags.IORING_SETUP_SINGLE_ISSUER | SetupFlags.IORING_SETUP_DEFER_TASKRUN));
        s.flushCompletions(cq, ModelBatch.of(req(1), new ModelReq(2, ReqFlags.REQ_F_CQE_SKIP), req(3)));
        cq.assertQuiescent("flushCompletions");
        for (int res = 1; res <= 3; res++) {
            assertThat(s.postAuxCqe(cq, 7, res, IORING_CQE_F_MORE, true, false)).isTrue();
        }
        s.flushCompletions(cq, ModelBatch.of(new ModelReq(7, -125, 0, 0), req(8)));
        cq.assertQuiescent("flushCompletions");
        assertThat(cq.delivered()).containsExactly(new Entry(1, 0, 0), new Entry(3, 0, 0), new Entry(7, 1, IORING_CQE_F_MORE),
                new Entry(7, 2, IORING_CQE_F_MORE), new Entry(7, 3, IORING_CQE_F_MORE), new Entry(7, -125, 0), new Entry(8, 0, 0));
        assertThat(s.hasDeferred()).isFalse();
        assertThat(s.postAuxCqe(cq, 9, 1, IORING_CQE_F_MORE, false, false)).as("outside task work").isTrue();
        cq.assertQuiescent("postAuxCqe(defer=false)");
    }
}
