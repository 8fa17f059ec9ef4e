package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.api.SqeFlags.IOSQE_CQE_SKIP_SUCCESS;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_DRAIN;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_HARDLINK;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static dev.uringlab.strategy.boxedcqe.ModelLinks.Sqe.badOpcode;
import static dev.uringlab.strategy.boxedcqe.ModelLinks.Sqe.failing;
import static dev.uringlab.strategy.boxedcqe.ModelLinks.Sqe.nop;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.ModelReq;
import org.junit.jupiter.api.Test;

/**
 * {@link LastOrFailedLinkCqe}: the RFC's rule at flag level, then whole chains through
 * {@link ModelLinks}, one test per case of the class javadoc.
 */
class LastOrFailedLinkCqeTest {
    private static final int L = IOSQE_IO_LINK;
    private static final int H = IOSQE_IO_HARDLINK;
    private static final int EIO = -Errno.EIO;

    private final LastOrFailedLinkCqe strategy = new LastOrFailedLinkCqe();
    private final ModelLinks kernel = new ModelLinks(strategy);

    @Test
    void shouldMarkEveryRequestThatLinksAFollowerAndNoOther() {
        ModelReq soft = new ModelReq(1, L);
        ModelReq hard = new ModelReq(2, H);
        ModelReq last = new ModelReq(3, 0);
        assertThat(strategy.initReq(soft)).isZero();
        assertThat(strategy.initReq(hard)).isZero();
        assertThat(strategy.initReq(last)).isZero();
        assertThat(soft.posts()).isFalse();
        assertThat(hard.posts()).isFalse();
        assertThat(last.posts()).isTrue();
    }

    @Test
    void shouldRefuseTheSkipFlagAsAKernelThatDoesNotKnowItAndStillPostTheError() {
        ModelReq req = new ModelReq(1, IOSQE_CQE_SKIP_SUCCESS);
        assertThat(strategy.initReq(req)).isEqualTo(-Errno.EINVAL);
        assertThat(req.posts()).isTrue();
    }

    @Test
    void shouldDisableDrainWithTheFirstLinkedSqeOnly() {
        ModelReq drained = new ModelReq(1, IOSQE_IO_DRAIN);
        assertThat(strategy.initReq(drained)).isZero();
        assertThat(strategy.disablesDrain(drained)).isFalse();
        ModelReq linked = new ModelReq(2, L);
        assertThat(strategy.initReq(linked)).isZero();
        assertThat(strategy.disablesDrain(linked)).as("a linked SQE may suppress its CQE").isTrue();
    }

    @Test
    void shouldDisableDrainOnALinkedSqeThatIsItselfDrained() {
        ModelReq req = new ModelReq(1, H | IOSQE_IO_DRAIN);
        assertThat(strategy.initReq(req)).isZero();
        assertThat(strategy.disablesDrain(req)).as("the engine then refuses its drain with -EOPNOTSUPP").isTrue();
    }

    @Test
    void shouldPostOnlyTheLastCqeOfASuccessfulChain() {
        kernel.submit(nop(1, L), nop(2, L), nop(3, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=3 res=0");
    }

    @Test
    void shouldPostUnlinkedRequestsAsUsual() {
        kernel.submit(nop(1, 0), nop(2, 0), failing(3, 0, EIO));
        assertThat(kernel.cqes()).containsExactly("cqe ud=1 res=0", "cqe ud=2 res=0", "cqe ud=3 res=-5");
    }

    @Test
    void shouldPostTheFailureAndEveryCancelledMember() {
        kernel.submit(nop(1, L), nop(2, L), failing(3, L, EIO), nop(4, L), nop(5, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=3 res=-5", "cqe ud=4 res=-125", "cqe ud=5 res=-125");
    }

    @Test
    void shouldPostAFailedHardlinkAndGoOnWithTheSuccessRule() {
        kernel.submit(nop(1, H), failing(2, H, EIO), nop(3, H), nop(4, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=2 res=-5", "cqe ud=4 res=0");
    }

    @Test
    void shouldPostEveryMemberOfAChainBrokenAtSubmit() {
        kernel.submit(nop(1, L), badOpcode(2, L), nop(3, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=1 res=-125", "cqe ud=2 res=-22", "cqe ud=3 res=-125");
    }

    @Test
    void shouldPostNothingForAChainLeftOpenOnSuccess() {
        kernel.submit(nop(1, L), nop(2, L));
        assertThat(kernel.cqes()).isEmpty();
    }

    @Test
    void shouldFailADrainAfterALinkAndStopTheSubmitThere() {
        assertThat(kernel.submit(nop(1, L), nop(2, 0), nop(3, IOSQE_IO_DRAIN), nop(4, 0))).isEqualTo(3);
        assertThat(kernel.cqes()).containsExactly("cqe ud=2 res=0", "cqe ud=3 res=-95");
    }
}
