package dev.uringlab.workloads.fuzz;

import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One strategy set of the emulated ring as the fuzzer runs it, named as on the command line
 * ({@code baseline}, {@code completion=batched-cqe}, {@code all-patches}), with the rule that says
 * whether its CQE stream for a program is judged against the kernel's (DESIGN.md rule 3 and its
 * by-design exceptions, scenarios/README.md):
 * <ul>
 *   <li>an era axis at an older kernel's mechanism ({@code link-advance=inline}, the 5.6 ev_posted...):
 *       never judged, checked for invariants only; its stream may differ from this machine's kernel
 *       by design (the scenarios pin those differences as {@code NAME.PROFILE.expected});</li>
 *   <li>{@code link-cqe=boxed-cqe} suppresses link CQEs: never judged, checked for invariants only;</li>
 *   <li>{@code poll-rearm=active-flag} is seed 002 as posted, whose multishot poll stops for good
 *       after a wakeup for an event it did not ask for (an eventfd's read wakes its POLLIN pollers
 *       with POLLOUT): never judged, checked for invariants only; {@code active-flag-mask-first}
 *       is judged on programs without POLL_REMOVE (with either flag the entry never leaves the
 *       list, and 5.15's remove, which the patch left alone, takes a poll whose entry is on the
 *       list even from under its queued task work: scenarios poll-remove-woken and
 *       poll-remove-while-pending pin it);</li>
 *   <li>a program using IOSQE_CQE_SKIP_SUCCESS is judged only where {@code link-cqe} is
 *       {@code cqe-skip-success} (elsewhere the flag is {@code -EINVAL}, as before 5.17);</li>
 *   <li>{@code completion=batched-cqe} keeps a multishot poll armed when its deferred CQE overflows
 *       (6.2), and so do the 5.14-5.16 completions {@code batch-irq} and {@code batch-5.15}, whose
 *       io_cqring_fill_event puts a poll's CQE on the overflow list like any other (v5.15
 *       fs/io_uring.c:1771): where a program with a multishot poll overflowed the CQ
 *       ({@link #overflowByDesign}), its difference under these sets is by design (fuzz kind
 *       BATCHED_CQE_OVERFLOW).</li>
 *   <li>a multishot poll on the ring's own registered eventfd is judged only where aux CQEs are
 *       deferred ({@code batched-cqe}, as the kernel since 6.2): 6.1's io_post_aux_cqe (baseline)
 *       and 5.6's posting signal the eventfd inside the poll's task work, so the EPOLL_URING_WAKE
 *       wakeup finds the poll owned and becomes a re-poll (res = every ready event, F_MORE again)
 *       instead of ending it with the wake's own mask (fuzz kind EVENTFD_URING_WAKE).</li>
 * </ul>
 *
 * @param name       how reports show it
 * @param strategies axis key to alias; unset axes are baseline
 * @param profile    a profile, or {@code null}
 */
public record EmulatedSet(String name, Map<String, String> strategies, String profile) {
    private static final String BOXED_CQE = "boxed-cqe";
    private static final String CQE_SKIP_SUCCESS = "cqe-skip-success";
    private static final String BATCHED_CQE = "batched-cqe";
    private static final String ACTIVE_FLAG = "active-flag";
    private static final String ACTIVE_FLAG_MASK_FIRST = "active-flag-mask-first";
    /** The completions whose multishot poll stays armed when its CQE finds the CQ full (6.2's, 5.14-5.16's). */
    private static final Set<String> OVERFLOW_KEEPS_MULTISHOT = Set.of(BATCHED_CQE, "batch-irq", "batch-5.15");

    public EmulatedSet {
        strategies = Map.copyOf(strategies);
    }

    /** Baseline; every registered non-baseline alias alone on its axis, in axis order; all-patches. */
    public static List<EmulatedSet> all() {
        List<EmulatedSet> sets = new ArrayList<>();
        sets.add(new EmulatedSet(Axis.BASELINE, Map.of(), null));
        for (Axis<?> axis : Axis.values()) {
            for (StrategyProvider<?> p : Strategies.of(axis)) {
                if (!p.alias().equals(Axis.BASELINE)) {
                    sets.add(new EmulatedSet(axis.key() + "=" + p.alias(), Map.of(axis.key(), p.alias()), null));
                }
            }
        }
        sets.add(new EmulatedSet(Strategies.PROFILE_ALL_PATCHES, Map.of(), Strategies.PROFILE_ALL_PATCHES));
        return List.copyOf(sets);
    }

    /** The ring a program asks for, with these choices, in deterministic mode. */
    public RingConfig configFor(Scenario scenario) {
        return ScenarioRunner.ringConfig(scenario, strategies, profile);
    }

    /** The alias this set resolves to on {@code axis}, through the profile if need be. */
    public String aliasOn(Axis<?> axis) {
        RingConfig.Builder b = RingConfig.builder(1).profile(profile);
        strategies.forEach(b::strategy);
        return Strategies.resolve(b.build()).get(axis).alias();
    }

    /** Whether every request of a link posts its CQE under this set (not boxed-cqe). */
    public boolean postsEveryLinkCqe() {
        return !aliasOn(Axis.LINK_CQE).equals(BOXED_CQE);
    }

    /** Whether this set's stream for {@code program} must equal the kernel's (but see {@link #overflowByDesign}). */
    public boolean judges(Program program) {
        for (Axis<?> axis : Axis.values()) {
            if (axis.era() && !aliasOn(axis).equals(Axis.BASELINE)) {
                return false; // an older kernel's mechanism: its stream may differ from today's by design
            }
        }
        String linkCqe = aliasOn(Axis.LINK_CQE);
        String pollRearm = aliasOn(Axis.POLL_REARM);
        if (linkCqe.equals(BOXED_CQE) || pollRearm.equals(ACTIVE_FLAG)
                || (pollRearm.equals(ACTIVE_FLAG_MASK_FIRST) && program.removesPolls())) {
            return false;
        }
        if (program.usesSkip() && !linkCqe.equals(CQE_SKIP_SUCCESS)) {
            return false;
        }
        return !program.pollsOwnEventfd() || aliasOn(Axis.COMPLETION).equals(BATCHED_CQE);
    }

    /**
     * Whether a difference of this set's stream for {@code program} from the kernel's is by
     * design: the set defers aux CQEs ({@code batched-cqe}) or is 5.14-5.16's ({@code batch-irq},
     * {@code batch-5.15}), the program has a multishot poll and the CQ overflowed, so 6.2's
     * io_aux_cqe or 5.15's io_cqring_fill_event may have kept the poll armed (and its link
     * waiting) where 6.18 ends it. {@code overflowed} is read from both rings: a kernel reap that printed
     * more CQEs than the CQ holds, or the emulated ring's {@code CQ_OVERFLOW} counter (a kernel run
     * that failed before its first reap shows no overflow of its own).
     */
    public boolean overflowByDesign(Program program, boolean overflowed) {
        return overflowed && program.hasMultishot() && OVERFLOW_KEEPS_MULTISHOT.contains(aliasOn(Axis.COMPLETION));
    }

    /**
     * This set with the poll mechanism release {@code kernel} runs ({@link Strategies#inKernel}:
     * {@code poll-refs} for 6.18), when this set runs another: the twin that tells a difference
     * of 5.15's poll (the poll-rearm baseline) from an emulator bug.
     */
    public Optional<EmulatedSet> kernelPollTwin(String kernel) {
        String now = Strategies.inKernel(Axis.POLL_REARM, kernel);
        if (now.equals(Axis.BASELINE) || aliasOn(Axis.POLL_REARM).equals(now)) {
            return Optional.empty();
        }
        Map<String, String> twin = new HashMap<>(strategies);
        twin.put(Axis.POLL_REARM.key(), now);
        return Optional.of(new EmulatedSet(name + " with poll-rearm=" + now, twin, profile));
    }

    @Override
    public String toString() {
        return name;
    }
}
