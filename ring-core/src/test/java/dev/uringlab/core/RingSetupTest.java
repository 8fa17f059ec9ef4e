package dev.uringlab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Features;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.UnknownStrategyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RingSetupTest {

    @ParameterizedTest(name = "entries {0} -> sq {1}, cq {2}")
    @CsvSource({"1,1,2", "3,4,8", "8,8,16", "100,128,256", "32768,32768,65536"})
    void shouldRoundEntriesUpToAPowerOfTwoWithCqTwiceSq(int entries, int sq, int cq) {
        try (Ring ring = RingFixture.open(entries)) {
            assertThat(ring.params().sqEntries()).isEqualTo(sq);
            assertThat(ring.params().cqEntries()).isEqualTo(cq);
            assertThat(ring.sq().entries()).isEqualTo(sq);
            assertThat(ring.cq().entries()).isEqualTo(cq);
        }
    }

    @ParameterizedTest
    @CsvSource({"0", "-1", "32769"})
    void shouldRejectEntriesOutOfRangeNamingTheLimit(int entries) {
        assertThatThrownBy(() -> RingFixture.open(entries))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32768");
    }

    @Test
    void shouldClampEntriesWithSetupClamp() {
        try (Ring ring = RingFixture.open(RingConfig.builder(40000).flags(SetupFlags.IORING_SETUP_CLAMP).build())) {
            assertThat(ring.params().sqEntries()).isEqualTo(32768);
        }
    }

    @ParameterizedTest(name = "entries {0} cq_entries {1} -> cq {2}")
    @CsvSource({"8,100,128", "8,8,8", "4,65536,65536"})
    void shouldHonourCqSize(int entries, int cqEntries, int cq) {
        try (Ring ring = RingFixture.open(RingConfig.builder(entries).cqEntries(cqEntries).build())) {
            assertThat(ring.params().cqEntries()).isEqualTo(cq);
            assertThat(ring.params().flags() & SetupFlags.IORING_SETUP_CQSIZE).isNotZero();
        }
    }

    @Test
    void shouldRejectCqSizeBelowSqOrAboveTheLimit() {
        assertThatThrownBy(() -> RingFixture.open(RingConfig.builder(16).cqEntries(8).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("below the SQ size");
        assertThatThrownBy(() -> RingFixture.open(RingConfig.builder(16).cqEntries(65537).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("65536");
    }

    @Test
    void shouldReportTheBaselineFeatures() {
        try (Ring ring = RingFixture.open(4)) {
            assertThat(ring.engine()).isEqualTo("emulated");
            assertThat(ring.params().features()).isEqualTo(Features.IORING_FEAT_NODROP
                    | Features.IORING_FEAT_SUBMIT_STABLE | Features.IORING_FEAT_FAST_POLL
                    | Features.IORING_FEAT_POLL_32BITS);
            assertThat(ring.params().hasFeature(Features.IORING_FEAT_CQE_SKIP)).isFalse();
        }
    }

    @Test
    void shouldRejectAnUnknownStrategyListingTheAvailableOnes() {
        RingConfig config = RingConfig.builder(4).strategy("completion", "no-such").build();
        assertThatThrownBy(() -> Rings.open("emulated", config))
                .isInstanceOf(UnknownStrategyException.class).hasMessageContaining("baseline");
    }

    @Test
    void shouldThrowOnAClosedRingAndCloseIdempotently() {
        Ring ring = RingFixture.open(4);
        ring.close();
        ring.close();
        assertThatThrownBy(() -> ring.enter(0, 0, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ring.sys().pipe()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ring.registerEventfd(3)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldAcceptIopollAndAnswerEachOpcodeAsAnIopollRingDoes() throws Exception {
        try (Ring ring = RingFixture.open(RingConfig.builder(4).flags(SetupFlags.IORING_SETUP_IOPOLL).deterministic(true).build())) {
            int[] p = ring.sys().pipe();
            try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
                RingFixture.nop(ring, 1);
                ring.getSqe().prepPollAdd(p[0], dev.uringlab.api.PollEvents.POLLIN).userData(2);
                java.lang.foreign.MemorySegment buf = arena.allocate(8);
                ring.getSqe().prepRead(p[0], buf, 8, 0).userData(3);
                // POLL_ADD has no iopoll in io_issue_defs: io_init_req refuses it and submission stops there.
                assertThat(ring.submit()).isEqualTo(2);
                ring.enter(0, 1, dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS);
                assertThat(RingFixture.reap(ring)).containsExactly(RingFixture.cqe(1, 0), RingFixture.cqe(2, -dev.uringlab.api.Errno.EINVAL));
                // READ is allowed, but a pipe has no ->iopoll: io_rw_init_file says -EOPNOTSUPP.
                assertThat(ring.submit()).isEqualTo(1);
                ring.enter(0, 1, dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS);
                assertThat(RingFixture.reap(ring)).containsExactly(RingFixture.cqe(3, -dev.uringlab.api.Errno.EOPNOTSUPP));
            }
        }
    }

    @Test
    void shouldRefuseSqpollAsNotEmulated() {
        assertThatThrownBy(() -> RingFixture.open(RingConfig.builder(4).flags(SetupFlags.IORING_SETUP_SQPOLL).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not emulated");
    }
}
