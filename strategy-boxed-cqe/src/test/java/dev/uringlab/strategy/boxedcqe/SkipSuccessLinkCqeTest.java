package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.api.SqeFlags.IOSQE_ASYNC;
import static dev.uringlab.api.SqeFlags.IOSQE_CQE_SKIP_SUCCESS;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_DRAIN;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_HARDLINK;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_SKIP_LINK_CQES;
import static dev.uringlab.strategy.boxedcqe.ModelLinks.Sqe.badOpcode;
import static dev.uringlab.strategy.boxedcqe.ModelLinks.Sqe.failing;
import static dev.uringlab.strategy.boxedcqe.ModelLinks.Sqe.nop;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.ModelReq;
import org.junit.jupiter.api.Test;

/**
 * {@link SkipSuccessLinkCqe}: the flag-level rules of io_init_req, req_set_fail and
 * io_fail_links, then whole chains through {@link ModelLinks}. The expected streams of the
 * chain tests are what kernel 6.18 gave on this machine for the same SQEs (a raw-syscall C
 * program, NOPs failing through IORING_NOP_INJECT_RESULT); the engine-level tests and the
 * scenarios in {@code scenarios/skip/} check the same through the emulated and native rings.
 */
class SkipSuccessLinkCqeTest {
    private static final int L = IOSQE_IO_LINK;
    private static final int H = IOSQE_IO_HARDLINK;
    private static final int S = IOSQE_CQE_SKIP_SUCCESS;
    private static final int EIO = -Errno.EIO;

    private final SkipSuccessLinkCqe strategy = new SkipSuccessLinkCqe();
    private final ModelLinks kernel = new ModelLinks(strategy);

    @Test
    void shouldAcceptTheFlagAndLeaveTheRequestMarkedToSkip() {
        ModelReq req = new ModelReq(1, L | S);
        assertThat(strategy.initReq(req)).isZero();
        assertThat(req.flags() & REQ_F_CQE_SKIP).isNotZero();
    }

    @Test
    void shouldDisableDrainWithTheSkipFlagOnly() {
        for (int flags : new int[] {IOSQE_IO_DRAIN, IOSQE_ASYNC, L, IOSQE_IO_DRAIN | L}) {
            ModelReq req = new ModelReq(1, flags);
            assertThat(strategy.initReq(req)).isZero();
            assertThat(strategy.disablesDrain(req)).as("flags 0x%x", flags).isFalse();
        }
        ModelReq skip = new ModelReq(4, S);
        assertThat(strategy.initReq(skip)).isZero();
        assertThat(strategy.disablesDrain(skip)).isTrue();
    }

    @Test
    void shouldDisableDrainOnTheVeryFirstSkipSqeWhenItAlsoAsksForDrain() {
        ModelReq req = new ModelReq(1, S | IOSQE_IO_DRAIN);
        assertThat(strategy.initReq(req)).isZero();
        assertThat(strategy.disablesDrain(req)).as("the engine then refuses its drain with -EOPNOTSUPP").isTrue();
    }

    @Test
    void shouldTradeTheSkipOfAFailingRequestForSkippingTheLinksItCancels() {
        ModelReq skipping = new ModelReq(1, L | S);
        skipping.setFlags(REQ_F_FAIL);
        strategy.reqSetFail(skipping);
        assertThat(skipping.posts()).isTrue();
        assertThat(skipping.flags() & REQ_F_SKIP_LINK_CQES).isNotZero();

        ModelReq plain = new ModelReq(2, L);
        plain.setFlags(REQ_F_FAIL);
        strategy.reqSetFail(plain);
        assertThat(plain.posts()).isTrue();
        assertThat(plain.flags() & REQ_F_SKIP_LINK_CQES).isZero();
    }

    @Test
    void shouldSilenceOrUnsilenceEveryCancelledLinkAfterTheFailedRequestsFlag() {
        ModelReq silencing = new ModelReq(1, L | S);
        silencing.setFlags(REQ_F_FAIL);
        strategy.reqSetFail(silencing);
        ModelReq unflagged = new ModelReq(2, 0);
        strategy.failLink(silencing, unflagged);
        assertThat(unflagged.posts()).isFalse();

        ModelReq loud = new ModelReq(3, L);
        loud.setFlags(REQ_F_FAIL);
        strategy.reqSetFail(loud);
        ModelReq flagged = new ModelReq(4, L | S);
        strategy.failLink(loud, flagged);
        assertThat(flagged.posts()).isTrue();
    }

    @Test
    void shouldPostOnlyTheLastCqeOfASuccessfulChain() {
        assertThat(kernel.submit(nop(1, L | S), nop(2, L | S), nop(3, 0))).isEqualTo(3);
        assertThat(kernel.cqes()).containsExactly("cqe ud=3 res=0");
    }

    @Test
    void shouldPostNothingForAChainWhoseEveryRequestCarriesTheFlag() {
        kernel.submit(nop(1, L | S), nop(2, L | S));
        assertThat(kernel.cqes()).isEmpty();
    }

    @Test
    void shouldPostTheFailureAndCancelTheRestLoudlyWhenTheFailingRequestHadNoFlag() {
        kernel.submit(nop(1, L | S), nop(2, L | S), failing(3, L, EIO), nop(4, L | S), nop(5, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=3 res=-5", "cqe ud=4 res=-125", "cqe ud=5 res=-125");
    }

    @Test
    void shouldPostOnlyTheFailureWhenTheFailingRequestHadTheFlag() {
        kernel.submit(nop(1, L | S), nop(2, L | S), failing(3, L | S, EIO), nop(4, L | S), nop(5, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=3 res=-5");
    }

    @Test
    void shouldPostOnlyTheFailureWhenAFlaggedHeadFails() {
        kernel.submit(failing(1, L | S, EIO), nop(2, L), nop(3, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=1 res=-5");
    }

    @Test
    void shouldApplyEachHardlinkedRequestsOwnFlag() {
        kernel.submit(nop(1, H | S), failing(2, H | S, EIO), nop(3, H | S), nop(4, H), nop(5, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=2 res=-5", "cqe ud=4 res=0", "cqe ud=5 res=0");
    }

    @Test
    void shouldPostAFailingUnlinkedRequestWithTheFlag() {
        kernel.submit(failing(1, S, EIO), nop(2, S));
        assertThat(kernel.cqes()).containsExactly("cqe ud=1 res=-5");
    }

    @Test
    void shouldFailADrainAfterASkipSqeAndStopTheSubmitThere() {
        assertThat(kernel.submit(nop(1, S), nop(2, IOSQE_IO_DRAIN), nop(3, 0))).isEqualTo(2);
        assertThat(kernel.cqes()).containsExactly("cqe ud=2 res=-95");
    }

    @Test
    void shouldSilenceASubmitTimeFailureBehindAFlaggedHead() {
        kernel.submit(nop(1, L | S), badOpcode(2, L | S), nop(3, L | S), nop(4, 0));
        assertThat(kernel.cqes()).containsExactly("cqe ud=1 res=-125");
    }

    @Test
    void shouldCancelAFlaggedChainWhoseDrainedMemberFailsAtSubmit() {
        assertThat(kernel.submit(nop(1, L | S), nop(2, L | S | IOSQE_IO_DRAIN), nop(3, 0))).isEqualTo(3);
        assertThat(kernel.cqes()).containsExactly("cqe ud=1 res=-125");
    }
}
