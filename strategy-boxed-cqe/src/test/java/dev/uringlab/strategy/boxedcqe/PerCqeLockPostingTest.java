package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelCq;
import dev.uringlab.spi.ModelReq;
import org.junit.jupiter.api.Test;

/** {@link PerCqeLockPosting} against a model CQ: one lock section per CQE, none for a suppressed one. */
class PerCqeLockPostingTest {
    private final PerCqeLockPosting posting = new PerCqeLockPosting();
    private final ModelCq cq = new ModelCq(4);

    @Test
    void shouldPostEveryRequestOfABatchInItsOwnLockSection() {
        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(1, 0), new ModelReq(2, 0), new ModelReq(3, 0)));

        assertThat(cq.trace()).containsExactly(
                "lock_irqsave", "fill 1", "commit", "unlock_irqrestore", "ev_posted",
                "lock_irqsave", "fill 2", "commit", "unlock_irqrestore", "ev_posted",
                "lock_irqsave", "fill 3", "commit", "unlock_irqrestore", "ev_posted");
        assertThat(cq.visibleUserData()).containsExactly(1L, 2L, 3L);
        assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(3);
        assertThat(cq.counters().get(Counter.CQ_COMMIT)).isEqualTo(3);
        assertThat(cq.counters().get(Counter.EV_POSTED)).isEqualTo(3);
    }

    @Test
    void shouldNotTakeTheLockForASuppressedCqe() {
        ModelReq skipped = new ModelReq(1, 0);
        skipped.setFlags(REQ_F_CQE_SKIP);
        posting.flushCompletions(cq, ModelBatch.of(skipped, new ModelReq(2, 0)));

        assertThat(cq.trace()).containsExactly("lock_irqsave", "fill 2", "commit", "unlock_irqrestore", "ev_posted");
        assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(1);
    }

    @Test
    void shouldOverflowRequestCqesThatDoNotFitAndKeepTheirOrder() {
        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(1, 0), new ModelReq(2, 0), new ModelReq(3, 0), new ModelReq(4, 0),
                new ModelReq(5, 0), new ModelReq(6, 0)));

        assertThat(cq.visibleUserData()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(cq.overflowedUserData()).containsExactly(5L, 6L);
        assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(6);
    }

    @Test
    void shouldPostAnAuxCqeAloneAndNeverDeferIt() {
        assertThat(posting.postAuxCqe(cq, 7, 1, IORING_CQE_F_MORE, true, false)).isTrue();

        assertThat(cq.trace()).containsExactly("lock", "fill 7", "commit", "unlock", "ev_posted");
        assertThat(posting.hasDeferred()).isFalse();
    }

    @Test
    void shouldRefuseAnAuxCqeThatDoesNotFitSoTheMultishotRequestEnds() {
        for (int i = 0; i < 4; i++) {
            posting.postAuxCqe(cq, i, 1, IORING_CQE_F_MORE, false, false);
        }
        assertThat(posting.postAuxCqe(cq, 9, 1, IORING_CQE_F_MORE, true, false)).isFalse();
        assertThat(cq.visibleUserData()).containsExactly(0L, 1L, 2L, 3L);
        assertThat(cq.overflowedUserData()).isEmpty();
    }
}
