package dev.uringlab.strategy.batchedcqe;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.ModelCq;
import dev.uringlab.spi.ModelCq.Entry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The mechanism of {@link DeferredAuxCqePosting} against a model CQ: which lock sections it
 * takes, what it commits, what it refuses and where an overflowing CQE goes. The same rules
 * through the emulated engine are in the ring-level tests of this module.
 */
class DeferredAuxCqePostingTest {
    private static final int POLLIN = 1;
    private static final long UD = 7;

    private final DeferredAuxCqePosting posting = new DeferredAuxCqePosting(new Counters(), 16);

    @Test
    void shouldHoldDeferredAuxCqesUntilTheBatchFlushThenPostThemInOneLockSection() {
        ModelCq cq = new ModelCq(64);
        for (int i = 1; i <= 3; i++) {
            assertThat(posting.postAuxCqe(cq, i, POLLIN, IORING_CQE_F_MORE, true, false)).isTrue();
        }
        assertThat(cq.trace()).isEmpty();
        assertThat(posting.hasDeferred()).isTrue();

        posting.flushCompletions(cq, ModelBatch.of());

        assertThat(cq.trace()).containsExactly("lock", "fill 1", "fill 2", "fill 3", "commit", "unlock", "ev_posted");
        assertThat(posting.hasDeferred()).isFalse();
        assertThat(cq.visible()).extracting(Entry::userData).containsExactly(1L, 2L, 3L);
    }

    @Test
    void shouldWriteAFullArrayUnderOneLockSectionAndLeaveTheCommitToTheBatchFlush() {
        ModelCq cq = new ModelCq(64);
        for (int i = 1; i <= 17; i++) {
            posting.postAuxCqe(cq, i, POLLIN, IORING_CQE_F_MORE, true, false);
        }
        List<String> fullFlush = new ArrayList<>(List.of("lock"));
        for (int i = 1; i <= 16; i++) {
            fullFlush.add("fill " + i);
        }
        fullFlush.add("unlock");
        assertThat(cq.trace()).isEqualTo(fullFlush);
        assertThat(cq.visible()).as("not committed before the batch flush").isEmpty();
        assertThat(posting.hasDeferred()).as("the 17th CQE waits in the array").isTrue();

        cq.clearTrace();
        posting.flushCompletions(cq, ModelBatch.of());
        assertThat(cq.trace()).containsExactly("lock", "fill 17", "commit", "unlock", "ev_posted");
        assertThat(cq.visible()).hasSize(17);
    }

    @Test
    void shouldPostTheDeferredAuxCqesBeforeTheRequestCqesOfTheBatch() {
        ModelCq cq = new ModelCq(64);
        posting.postAuxCqe(cq, UD, POLLIN, IORING_CQE_F_MORE, true, false);
        posting.postAuxCqe(cq, UD, POLLIN, IORING_CQE_F_MORE, true, false);

        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(UD, -Errno.ECANCELED, 0, 0), new ModelReq(8, 0, 0, 0)));

        assertThat(cq.reapAll()).containsExactly(
                new Entry(UD, POLLIN, IORING_CQE_F_MORE), new Entry(UD, POLLIN, IORING_CQE_F_MORE),
                new Entry(UD, -Errno.ECANCELED, 0), new Entry(8, 0, 0));
        assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(1);
        assertThat(cq.counters().get(Counter.EV_POSTED)).isEqualTo(1);
        assertThat(cq.counters().get(Counter.CQ_COMMIT)).isEqualTo(1);
    }

    @Test
    void shouldUseOneLockSectionPerCqeWhenNotDeferred() {
        ModelCq cq = new ModelCq(64);
        assertThat(posting.postAuxCqe(cq, UD, POLLIN, IORING_CQE_F_MORE, false, false)).isTrue();
        assertThat(cq.trace()).containsExactly("lock", "fill 7", "commit", "unlock", "ev_posted");
        assertThat(posting.hasDeferred()).isFalse();
        assertThat(cq.visible()).containsExactly(new Entry(UD, POLLIN, IORING_CQE_F_MORE));
    }

    @Test
    void shouldRefuseANonDeferredAuxCqeWhenTheCqIsFull() {
        ModelCq cq = new ModelCq(2);
        posting.postAuxCqe(cq, 1, POLLIN, IORING_CQE_F_MORE, false, false);
        posting.postAuxCqe(cq, 2, POLLIN, IORING_CQE_F_MORE, false, false);
        assertThat(posting.postAuxCqe(cq, 3, POLLIN, IORING_CQE_F_MORE, false, false)).isFalse();
        assertThat(cq.overflowPending()).as("allow_overflow is false on the poll path").isFalse();
        assertThat(cq.reapAll()).extracting(Entry::userData).containsExactly(1L, 2L);
    }

    @Test
    void shouldRefuseADeferredAuxCqeWhileTheCqIsInOverflow() {
        ModelCq cq = new ModelCq(1);
        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(1, 0, 0, 0), new ModelReq(2, 0, 0, 0)));
        assertThat(cq.overflowPending()).isTrue();

        assertThat(posting.postAuxCqe(cq, UD, POLLIN, IORING_CQE_F_MORE, true, false)).isFalse();

        assertThat(posting.hasDeferred()).isFalse();
        assertThat(posting.postAuxCqe(cq, UD, POLLIN, IORING_CQE_F_MORE, false, false))
                .as("the locked path refuses it too").isFalse();
    }

    @Test
    void shouldSendTheArrayToTheOverflowListInOrderWhenTheCqIsFull() {
        ModelCq cq = new ModelCq(4);
        for (int i = 0; i < 6; i++) {
            posting.postAuxCqe(cq, UD, i, IORING_CQE_F_MORE, true, false);
        }
        posting.flushCompletions(cq, ModelBatch.of(new ModelReq(UD, -Errno.ECANCELED, 0, 0)));

        assertThat(cq.trace()).containsExactly("lock", "fill 7", "fill 7", "fill 7", "fill 7",
                "overflow 7", "overflow 7", "overflow 7", "commit", "unlock", "ev_posted");
        List<Entry> expected = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            expected.add(new Entry(UD, i, IORING_CQE_F_MORE));
        }
        expected.add(new Entry(UD, -Errno.ECANCELED, 0));
        assertThat(cq.reapAll()).isEqualTo(expected);
    }

    @Test
    void shouldRefuseTheCqeThatFindsTheFullArrayFlushOverflowing() {
        // io_aux_cqe flushes a full array first and checks the overflow bit after: the 17th
        // CQE is refused because the flush of the first 16 overflowed an 8-entry CQ.
        ModelCq cq = new ModelCq(8);
        for (int i = 0; i < 16; i++) {
            assertThat(posting.postAuxCqe(cq, UD, i, IORING_CQE_F_MORE, true, false)).isTrue();
        }
        assertThat(posting.postAuxCqe(cq, UD, 16, IORING_CQE_F_MORE, true, false)).isFalse();
        assertThat(posting.hasDeferred()).isFalse();
        assertThat(cq.counters().get(Counter.CQ_OVERFLOW)).isEqualTo(8);
    }

    /**
     * The ordering rule: a multishot request that posts {@code n} aux CQEs then fails
     * delivers all {@code n}, with F_MORE, before its terminal CQE, whether or not the array
     * filled (n below, at and above 16) and whether or not the CQ overflowed.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 15, 16, 17, 32, 33, 50})
    void shouldDeliverEveryAuxCqeBeforeTheTerminalCqe(int n) {
        for (int cqEntries : new int[] {64, 8}) {
            ModelCq cq = new ModelCq(cqEntries);
            CompletionPosting p = new DeferredAuxCqePosting(new Counters(), 16);
            int posted = 0;
            while (posted < n && p.postAuxCqe(cq, UD, posted, IORING_CQE_F_MORE, true, false)) {
                posted++;
            }
            p.flushCompletions(cq, ModelBatch.of(new ModelReq(UD, -Errno.ECANCELED, 0, 0)));

            List<Entry> stream = cq.reapAll();
            List<Entry> expected = new ArrayList<>();
            for (int i = 0; i < posted; i++) {
                expected.add(new Entry(UD, i, IORING_CQE_F_MORE));
            }
            expected.add(new Entry(UD, -Errno.ECANCELED, 0));
            assertThat(stream).as("n=%d, CQ of %d", n, cqEntries).isEqualTo(expected);
            // The 64-entry CQ takes all; the 8-entry one overflows when the full array of 16 is
            // written, so the 17th post is refused and the request ends there.
            int accepted = cqEntries == 64 ? n : Math.min(n, 16);
            assertThat(posted).as("n=%d, CQ of %d: aux CQEs accepted", n, cqEntries).isEqualTo(accepted);
        }
    }

    @Test
    void shouldTakeTheArrayLengthFromTheCqeArrayOption() {
        BatchedCqeProvider provider = new BatchedCqeProvider();
        assertThat(((DeferredAuxCqePosting) provider.create(context(Map.of()))).cqeArrayLength()).isEqualTo(16);
        assertThat(((DeferredAuxCqePosting) provider.create(context(Map.of("cqe-array", "32")))).cqeArrayLength())
                .isEqualTo(32);
        assertThatThrownBy(() -> provider.create(context(Map.of("cqe-array", "0"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cqe-array");
    }

    @Test
    void shouldDeclareTheCqeArrayOptionWithItsDefaultAndNoNativeEquivalent() {
        BatchedCqeProvider provider = new BatchedCqeProvider();
        assertThat(provider.options()).singleElement().satisfies(o -> {
            assertThat(o.key()).isEqualTo(BatchedCqeProvider.CQE_ARRAY_OPTION);
            assertThat(o.defaultValue()).isEqualTo(Integer.toString(DeferredAuxCqePosting.DEFAULT_CQE_ARRAY));
            assertThat(o.summary()).isNotBlank();
        });
        assertThat(provider.nativeEquivalent()).as("6.2's deferral is the kernel's own path, chosen by no flag").isEmpty();
    }

    @Test
    void shouldFlushAfterAsManyCqesAsTheArrayHolds() {
        DeferredAuxCqePosting eight = new DeferredAuxCqePosting(new Counters(), 8);
        ModelCq cq = new ModelCq(64);
        for (int i = 0; i < 33; i++) {
            eight.postAuxCqe(cq, UD, i, IORING_CQE_F_MORE, true, false);
        }
        assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).as("full-array flushes at the 9th, 17th, 25th, 33rd").isEqualTo(4);
    }

    private static StrategyContext context(Map<String, String> options) {
        return new StrategyContext() {
            @Override public Counters counters() { return new Counters(); }
            @Override public Optional<String> option(String key) { return Optional.ofNullable(options.get(key)); }
            @Override public KmemCache<IoKiocb> reqCachep() { throw new UnsupportedOperationException(); }
            @Override public KmemCache<Bio> bioSlab() { throw new UnsupportedOperationException(); }
            @Override public int cqEntries() { return 64; }
            @Override public int setupFlags() { return 0; }
        };
    }
}
