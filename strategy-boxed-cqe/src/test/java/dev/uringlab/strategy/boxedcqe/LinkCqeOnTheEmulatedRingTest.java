package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.api.SqeFlags.IOSQE_ASYNC;
import static dev.uringlab.api.SqeFlags.IOSQE_CQE_SKIP_SUCCESS;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_DRAIN;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_HARDLINK;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static dev.uringlab.strategy.boxedcqe.EmulatedRings.badOpcode;
import static dev.uringlab.strategy.boxedcqe.EmulatedRings.failingNop;
import static dev.uringlab.strategy.boxedcqe.EmulatedRings.nop;
import static dev.uringlab.strategy.boxedcqe.EmulatedRings.submitAndReap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Features;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.Ring;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the link-CQE axis's three implementations, through the emulated engine and the
 * Ring API: the CQE streams an application sees. Those of {@code cqe-skip-success} are the
 * streams kernel 6.18 gave on this machine for the same SQEs (and the scenarios in
 * {@code scenarios/skip/} check them on the native ring).
 */
class LinkCqeOnTheEmulatedRingTest {
    private static final int L = IOSQE_IO_LINK;
    private static final int H = IOSQE_IO_HARDLINK;
    private static final int S = IOSQE_CQE_SKIP_SUCCESS;
    private static final int D = IOSQE_IO_DRAIN;
    private static final int EIO = -Errno.EIO;

    // --- baseline: a pre-5.17 kernel ---

    @Test
    void baselineShouldRejectTheSkipFlagAsAnUnknownBitWithEinvalAndPostIt() {
        try (Ring ring = EmulatedRings.open("baseline")) {
            assertThat(ring.params().features() & Features.IORING_FEAT_CQE_SKIP).isZero();
            nop(ring, 1, S);
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=1 res=-22");
        }
    }

    @Test
    void baselineShouldPostEveryRequestOfAChain() {
        try (Ring ring = EmulatedRings.open("baseline")) {
            nop(ring, 1, L);
            nop(ring, 2, L);
            nop(ring, 3, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 3", "cqe ud=1 res=0", "cqe ud=2 res=0", "cqe ud=3 res=0");
        }
    }

    // --- cqe-skip-success ---

    @Test
    void skipShouldBeAdvertisedAsIoringFeatCqeSkip() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            assertThat(ring.params().features() & Features.IORING_FEAT_CQE_SKIP).isNotZero();
        }
    }

    @Test
    void skipShouldPostOnlyTheLastCqeOfASuccessfulChain() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, L | S);
            nop(ring, 2, L | S);
            nop(ring, 3, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 3", "cqe ud=3 res=0");
        }
    }

    @Test
    void skipShouldPostAFailureWithoutTheFlagAndCancelTheRestLoudly() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, L | S);
            nop(ring, 2, L | S);
            failingNop(ring, 3, L, EIO);
            nop(ring, 4, L | S);
            nop(ring, 5, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 5", "cqe ud=3 res=-5", "cqe ud=4 res=-125",
                    "cqe ud=5 res=-125");
        }
    }

    @Test
    void skipShouldPostOnlyAFlaggedFailureAndSilenceTheRest() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, L | S);
            nop(ring, 2, L | S);
            failingNop(ring, 3, L | S, EIO);
            nop(ring, 4, L | S);
            nop(ring, 5, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 5", "cqe ud=3 res=-5");
        }
    }

    @Test
    void skipShouldApplyEachHardlinkedRequestsOwnFlag() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, H | S);
            failingNop(ring, 2, H | S, EIO);
            nop(ring, 3, H | S);
            nop(ring, 4, H);
            nop(ring, 5, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 5", "cqe ud=2 res=-5", "cqe ud=4 res=0",
                    "cqe ud=5 res=0");
        }
    }

    @Test
    void skipShouldRefuseADrainAfterAnyFlaggedSqeWithEopnotsuppAndStopTheSubmitThere() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, S);
            nop(ring, 2, D);
            nop(ring, 3, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 2", "cqe ud=2 res=-95");
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=3 res=0");
            nop(ring, 4, D);
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=4 res=-95");
        }
    }

    @Test
    void skipShouldAllowDrainBeforeTheFirstFlaggedSqe() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, 0);
            nop(ring, 2, D);
            assertThat(submitAndReap(ring)).containsExactly("submitted 2", "cqe ud=1 res=0", "cqe ud=2 res=0");
        }
    }

    @Test
    void skipShouldRefuseAFlaggedSqeThatAlsoAsksForDrain() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, S | D);
            nop(ring, 2, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=1 res=-95");
        }
    }

    @Test
    void skipShouldSilenceASubmitTimeFailureBehindAFlaggedHead() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, L | S);
            badOpcode(ring, 2, L | S);
            nop(ring, 3, L | S);
            nop(ring, 4, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 4", "cqe ud=1 res=-125");
        }
    }

    @Test
    void skipShouldRefuseAMultishotPollWithTheFlag() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], PollEvents.POLLIN).userData(1).flags(S);
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=1 res=-22");
        }
    }

    @Test
    void skipShouldPostNothingForAFlaggedSinglePollThatFires() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollAdd(pipe[1], PollEvents.POLLOUT).userData(1).flags(S);
            nop(ring, 2, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 2", "cqe ud=2 res=0");
        }
    }

    @Test
    void skipShouldPostOnlyTheLastOfAnAsyncChain() {
        try (Ring ring = EmulatedRings.open("cqe-skip-success")) {
            nop(ring, 1, L | S | IOSQE_ASYNC);
            nop(ring, 2, L | S | IOSQE_ASYNC);
            nop(ring, 3, IOSQE_ASYNC);
            assertThat(ring.submitAndWait(1)).isEqualTo(3);
            assertThat(EmulatedRings.reap(ring)).containsExactly("cqe ud=3 res=0");
        }
    }

    // --- boxed-cqe ---

    @Test
    void boxedShouldPostOnlyTheLastCqeOfASuccessfulChainAndUnlinkedRequestsAsUsual() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            nop(ring, 1, 0);
            nop(ring, 2, L);
            nop(ring, 3, H);
            nop(ring, 4, 0);
            nop(ring, 5, 0);
            // the chain's members after the head run from task work, after the rest of the submit
            assertThat(submitAndReap(ring)).containsExactly("submitted 5", "cqe ud=1 res=0", "cqe ud=5 res=0",
                    "cqe ud=4 res=0");
        }
    }

    @Test
    void boxedShouldPostTheFailureAndEveryCancelledMember() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            nop(ring, 1, L);
            nop(ring, 2, L);
            failingNop(ring, 3, L, EIO);
            nop(ring, 4, L);
            nop(ring, 5, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 5", "cqe ud=3 res=-5", "cqe ud=4 res=-125",
                    "cqe ud=5 res=-125");
        }
    }

    @Test
    void boxedShouldPostAFailedHardlinkAndGoOnWithTheSuccessRule() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            nop(ring, 1, H);
            failingNop(ring, 2, H, EIO);
            nop(ring, 3, H);
            nop(ring, 4, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 4", "cqe ud=2 res=-5", "cqe ud=4 res=0");
        }
    }

    @Test
    void boxedShouldPostEveryMemberOfAChainBrokenAtSubmit() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            nop(ring, 1, L);
            badOpcode(ring, 2, L);
            nop(ring, 3, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 3", "cqe ud=1 res=-125", "cqe ud=2 res=-22",
                    "cqe ud=3 res=-125");
        }
    }

    @Test
    void boxedShouldRefuseADrainAfterTheFirstLinkedSqe() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            nop(ring, 1, D);
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=1 res=0");
            nop(ring, 2, L);
            nop(ring, 3, 0);
            nop(ring, 4, D);
            assertThat(submitAndReap(ring)).containsExactly("submitted 3", "cqe ud=4 res=-95", "cqe ud=3 res=0");
        }
    }

    @Test
    void boxedShouldRejectTheSkipFlagAsA56KernelWould() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            assertThat(ring.params().features() & Features.IORING_FEAT_CQE_SKIP).isZero();
            nop(ring, 1, S);
            assertThat(submitAndReap(ring)).containsExactly("submitted 1", "cqe ud=1 res=-22");
        }
    }

    @Test
    void boxedShouldRefuseAMultishotPollInAChain() {
        try (Ring ring = EmulatedRings.open("boxed-cqe")) {
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], PollEvents.POLLIN).userData(1).flags(L);
            nop(ring, 2, 0);
            assertThat(submitAndReap(ring)).containsExactly("submitted 2", "cqe ud=1 res=-22", "cqe ud=2 res=-125");
        }
    }
}
