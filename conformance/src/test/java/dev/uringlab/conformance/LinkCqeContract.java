package dev.uringlab.conformance;

import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_FORCE_ASYNC;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_IO_DRAIN;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.StrategyProvider;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of the {@code link-cqe} axis ({@link LinkCqe}), run for every registered
 * implementation, by driving its four calls as the engine does (io_init_req, req_set_fail,
 * io_fail_links, completion) on {@link ModelReq}s and reading the verdict from
 * {@code REQ_F_CQE_SKIP}: a request posts iff it ends without it. Common to every implementation:
 * <ul>
 *   <li>a request with no flag, or only IOSQE_ASYNC, is accepted and posts;</li>
 *   <li>IOSQE_IO_DRAIN is accepted on a ring that has seen nothing else;</li>
 *   <li>a request refused at init carries no REQ_F_CQE_SKIP: its error is posted;</li>
 *   <li>a failure always posts (req_set_fail), and so does every member an unflagged failure
 *       cancels (io_fail_links);</li>
 *   <li>completion does not silence a failed request.</li>
 * </ul>
 * The axis exists to differ on the rest, so each alias's answers are written down in
 * {@link #RULES} and asserted; an alias without an entry fails, so a new strategy cannot be
 * forgotten here.
 */
class LinkCqeContract {

    /**
     * What an alias decides, where aliases differ by design.
     *
     * @param skipFlag            io_init_req's answer to IOSQE_CQE_SKIP_SUCCESS (0: accepted, and the request skips)
     * @param linkedSuccessPosts  whether a request that links the next one posts when it succeeds
     * @param skipDisablesDrain   whether a request with the skip flag turns drain off (ctx->drain_disabled)
     * @param linkDisablesDrain   whether a linked request turns drain off
     * @param flaggedFailureSilencesLinks whether the members cancelled by a failure that had the skip flag post nothing
     */
    record Rules(int skipFlag, boolean linkedSuccessPosts, boolean skipDisablesDrain, boolean linkDisablesDrain,
            boolean flaggedFailureSilencesLinks) {}

    static final Map<String, Rules> RULES = Map.of(
            // 5.16: the skip bit is not a valid flag; every request of a chain posts.
            "baseline", new Rules(-Errno.EINVAL, true, false, false, false),
            // The RFC: only the failed or last request of a chain posts; drain refused once links were used.
            "boxed-cqe", new Rules(-Errno.EINVAL, false, false, true, false),
            // IOSQE_CQE_SKIP_SUCCESS (5.17): per-request; drain refused once the flag was seen.
            "cqe-skip-success", new Rules(0, true, true, false, true));

    /** Every flag combination an SQE of a scenario can carry on this axis. */
    private static final List<Integer> FLAG_SETS = List.of(0, REQ_F_LINK, REQ_F_HARDLINK, REQ_F_IO_DRAIN,
            REQ_F_FORCE_ASYNC, REQ_F_CQE_SKIP, REQ_F_LINK | REQ_F_CQE_SKIP, REQ_F_HARDLINK | REQ_F_CQE_SKIP);

    static Stream<Named<StrategyProvider<LinkCqe>>> providers() {
        return Providers.of(Axis.LINK_CQE);
    }

    private static Rules rules(StrategyProvider<LinkCqe> p) {
        Rules r = RULES.get(p.alias());
        if (r == null) {
            fail("no documented link-cqe rules for alias '" + p.alias() + "': add them to LinkCqeContract.RULES");
        }
        return r;
    }

    private static boolean posts(ModelReq req) {
        return !req.has(REQ_F_CQE_SKIP);
    }

    /** The engine's failure path: REQ_F_FAIL, then req_set_fail. */
    private static void failReq(LinkCqe l, ModelReq req) {
        req.setFlags(REQ_F_FAIL);
        l.reqSetFail(req);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldAcceptAndPostAPlainOrAsyncRequest(StrategyProvider<LinkCqe> p) {
        for (int flags : new int[] {0, REQ_F_FORCE_ASYNC}) {
            LinkCqe l = p.create(new FakeStrategyContext());
            ModelReq req = new ModelReq(1, flags);
            assertThat(l.initReq(req)).as("initReq, flags 0x%x", flags).isZero();
            assertThat(posts(req)).as("posts, flags 0x%x", flags).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldAcceptDrainOnAFreshRing(StrategyProvider<LinkCqe> p) {
        assertThat(p.create(new FakeStrategyContext()).initReq(new ModelReq(1, REQ_F_IO_DRAIN))).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldLetARequestItRefusesPostItsError(StrategyProvider<LinkCqe> p) {
        for (int flags : FLAG_SETS) {
            LinkCqe l = p.create(new FakeStrategyContext());
            ModelReq req = new ModelReq(1, flags);
            if (l.initReq(req) != 0) {
                failReq(l, req);
                assertThat(posts(req)).as("refused at init, flags 0x%x", flags).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldAlwaysPostAFailure(StrategyProvider<LinkCqe> p) {
        for (int flags : FLAG_SETS) {
            LinkCqe l = p.create(new FakeStrategyContext());
            ModelReq req = new ModelReq(1, flags);
            if (l.initReq(req) == 0) {
                failReq(l, req);
                assertThat(posts(req)).as("failed, flags 0x%x", flags).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldPostEveryMemberAnUnflaggedFailureCancels(StrategyProvider<LinkCqe> p) {
        for (int flags : FLAG_SETS) {
            LinkCqe l = p.create(new FakeStrategyContext());
            ModelReq failed = new ModelReq(1, REQ_F_LINK);
            ModelReq member = new ModelReq(2, flags | REQ_F_LINK);
            assertThat(l.initReq(failed)).isZero();
            if (l.initReq(member) != 0) {
                continue; // refused at init: covered above
            }
            failReq(l, failed);
            l.failLink(failed, member);
            assertThat(posts(member)).as("member with flags 0x%x cancelled by an unflagged failure", flags).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldAnswerTheSkipFlagAsDocumented(StrategyProvider<LinkCqe> p) {
        Rules r = rules(p);
        LinkCqe l = p.create(new FakeStrategyContext());
        ModelReq req = new ModelReq(1, REQ_F_CQE_SKIP);
        assertThat(l.initReq(req)).isEqualTo(r.skipFlag());
        if (r.skipFlag() == 0) {
            assertThat(posts(req)).as("a successful request with the skip flag").isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldPostALinkedSuccessAsDocumented(StrategyProvider<LinkCqe> p) {
        Rules r = rules(p);
        for (int link : new int[] {REQ_F_LINK, REQ_F_HARDLINK}) {
            LinkCqe l = p.create(new FakeStrategyContext());
            ModelReq req = new ModelReq(1, link);
            ModelReq last = new ModelReq(2, 0);
            assertThat(l.initReq(req)).isZero();
            assertThat(l.initReq(last)).isZero();
            assertThat(posts(req)).as("linked (0x%x) success", link).isEqualTo(r.linkedSuccessPosts());
            assertThat(posts(last)).as("the last of the chain").isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldDisableDrainAsDocumented(StrategyProvider<LinkCqe> p) {
        Rules r = rules(p);
        LinkCqe l = p.create(new FakeStrategyContext());
        ModelReq skip = new ModelReq(1, REQ_F_CQE_SKIP);
        if (l.initReq(skip) == 0) {
            assertThat(l.disablesDrain(skip)).as("a request with the skip flag").isEqualTo(r.skipDisablesDrain());
        }
        ModelReq linked = new ModelReq(2, REQ_F_LINK);
        assertThat(l.initReq(linked)).isZero();
        assertThat(l.disablesDrain(linked)).as("a linked request").isEqualTo(r.linkDisablesDrain());
        ModelReq drained = new ModelReq(3, REQ_F_IO_DRAIN);
        assertThat(l.initReq(drained)).as("drain itself is the engine's to refuse").isZero();
        assertThat(l.disablesDrain(drained)).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldTreatTheMembersOfAFlaggedFailureAsDocumented(StrategyProvider<LinkCqe> p) {
        Rules r = rules(p);
        LinkCqe l = p.create(new FakeStrategyContext());
        ModelReq failed = new ModelReq(1, REQ_F_LINK | REQ_F_CQE_SKIP);
        if (l.initReq(failed) != 0) {
            assertThat(r.skipFlag()).as("the skip flag is refused, so no flagged request can fail later").isNotZero();
            return;
        }
        ModelReq member = new ModelReq(2, REQ_F_LINK);
        assertThat(l.initReq(member)).isZero();
        failReq(l, failed);
        l.failLink(failed, member);
        assertThat(posts(failed)).as("the flagged failure itself").isTrue();
        assertThat(posts(member)).as("a member it cancels").isEqualTo(!r.flaggedFailureSilencesLinks());
    }
}
