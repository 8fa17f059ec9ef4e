package dev.uringlab.strategy.batchedcqe;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelCq;
import dev.uringlab.spi.ModelCq.Entry;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * The mechanism of {@link CqFlushPosting} (6.18's io_req_post_cqe and __io_submit_flush_completions)
 * against a model CQ: the lock sections on a ring with and without a lockless CQ, the deferred
 * commit and post, and what a full CQ does to a post from task work and to one outside it.
 */
class CqFlushPostingTest {
    private static final int POLLIN = 1;

    /** A ring set up without DEFER_TASKRUN or IOPOLL: completion lock, cq_wait woken. */
    private static CqFlushPosting plain() {
        return new CqFlushPosting(Trace.OFF, false, false, false);
    }

    /** A DEFER_TASKRUN ring: task_complete and lockless_cq. */
    private static CqFlushPosting deferTaskrun() {
        return new CqFlushPosting(Trace.OFF, true, true, false);
    }

    @Test
    void shouldFillEachAuxCqeUnderItsOwnLockAndCommitAndPostOnceAtTheFlush() {
        ModelCq cq = new ModelCq(64);
        CqFlushPosting posting = plain();
        for (int i = 1; i <= 3; i++) {
            assertThat(posting.postAuxCqe(cq, i, POLLIN, IORING_CQE_F_MORE, true, false)).isTrue();
        }
        assertThat(cq.trace()).as("io_req_post_cqe: spin_lock, io_fill_cqe_aux, spin_unlock; cq_flush set")
                .containsExactly("lock", "fill 1", "unlock", "lock", "fill 2", "unlock", "lock", "fill 3", "unlock");
        assertThat(cq.visible()).as("nothing committed yet").isEmpty();
        assertThat(posting.hasDeferred()).isTrue();

        cq.clearTrace();
        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(9, 0, 0, 0)));

        assertThat(cq.trace()).as("__io_submit_flush_completions: __io_cq_lock, the batch, __io_cq_unlock_post")
                .containsExactly("lock", "fill 9", "commit", "unlock", "ev_posted");
        cq.assertQuiescent("flushCompletions");
        assertThat(cq.visible()).extracting(Entry::userData).containsExactly(1L, 2L, 3L, 9L);
        assertThat(posting.hasDeferred()).isFalse();
    }

    @Test
    void shouldTakeNoLockAndWakeNobodyOnADeferTaskrunRing() {
        ModelCq cq = ModelCq.lockless(64);
        CqFlushPosting posting = deferTaskrun();
        for (int i = 1; i <= 3; i++) {
            assertThat(posting.postAuxCqe(cq, i, POLLIN, IORING_CQE_F_MORE, true, false)).isTrue();
        }
        posting.flushCompletions(cq, ModelBatch.of());

        assertThat(cq.trace()).as("lockless_cq: no completion lock; task_complete: io_commit_cqring_flush alone")
                .containsExactly("fill 1", "fill 2", "fill 3", "commit", "commit_flush");
        cq.assertQuiescent("flushCompletions");
        assertThat(posting.hasDeferred()).isFalse();
    }

    @Test
    void shouldTakeNoLockAndWakeNobodyOnAnIopollRing() {
        ModelCq cq = ModelCq.lockless(64);
        CqFlushPosting posting = new CqFlushPosting(Trace.OFF, true, false, true);
        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(1, 0, 0, 0)));
        assertThat(cq.trace()).as("lockless_cq and syscall_iopoll: no unlock, no io_cqring_wake")
                .containsExactly("fill 1", "commit", "commit_flush");
    }

    @Test
    void shouldRefuseAnAuxCqeFromTaskWorkThatFindsTheCqFullWithoutOverflowingIt() {
        ModelCq cq = new ModelCq(2);
        CqFlushPosting posting = plain();
        assertThat(posting.postAuxCqe(cq, 1, POLLIN, IORING_CQE_F_MORE, true, false)).isTrue();
        assertThat(posting.postAuxCqe(cq, 2, POLLIN, IORING_CQE_F_MORE, true, false)).isTrue();
        assertThat(posting.postAuxCqe(cq, 3, POLLIN, IORING_CQE_F_MORE, true, false))
                .as("filled and not yet committed CQEs take their slots").isFalse();
        posting.flushCompletions(cq, ModelBatch.of());
        assertThat(cq.overflowPending()).isFalse();
        assertThat(cq.delivered()).extracting(Entry::userData).containsExactly(1L, 2L);
    }

    @Test
    void shouldOverflowAnAuxCqeOutsideTaskWorkAsIoPostAuxCqeHasNoAllowOverflow() {
        ModelCq cq = new ModelCq(1);
        CqFlushPosting posting = plain();
        assertThat(posting.postAuxCqe(cq, 1, POLLIN, IORING_CQE_F_MORE, false, false)).isTrue();
        cq.clearTrace();
        assertThat(posting.postAuxCqe(cq, 2, POLLIN, IORING_CQE_F_MORE, false, false)).isTrue();
        assertThat(cq.trace()).as("io_post_aux_cqe: io_cq_lock, io_cqe_overflow_locked, io_cq_unlock_post")
                .containsExactly("lock", "overflow 2", "commit", "unlock", "ev_posted");
        assertThat(posting.hasDeferred()).as("io_post_aux_cqe commits itself").isFalse();
    }

    @Test
    void shouldRefuseATaskCompleteRingWhoseCqIsNotLockless() {
        assertThatThrownBy(() -> new CqFlushPosting(Trace.OFF, false, true, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lockless");
    }
}
