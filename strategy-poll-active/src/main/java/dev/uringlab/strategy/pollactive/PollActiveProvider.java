package dev.uringlab.strategy.pollactive;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.strategy.pollactive.ActiveFlagPollRearm.Order;

/**
 * Registers {@link ActiveFlagPollRearm} on the {@code poll-rearm} axis, as posted ({@value #ALIAS},
 * the race's patched arm) and repaired ({@value #MASK_FIRST_ALIAS}, {@link MaskFirst}): written for
 * 5.16 (applied to for-5.16, then dropped before the release, the poll rework of 5.17 replacing
 * it), so no kernel profile resolves to either ({@link Mainline#NEVER}).
 */
public final class PollActiveProvider extends AbstractStrategyProvider<PollRearm> {
    /** The patch as posted. */
    public static final String ALIAS = "active-flag";
    /** The patch with the wakeup's mask tested before the flag and the list. */
    public static final String MASK_FIRST_ALIAS = "active-flag-mask-first";

    public PollActiveProvider() {
        super(Axis.POLL_REARM, ALIAS, "5.16", Mainline.NEVER,
                "the patch as posted: POLL_ADD stays on the waitqueue; an 'active' flag (READ_ONCE/WRITE_ONCE) gates"
                    + " io_poll_wake, cleared before the wakeup's mask is tested (a POLLOUT wakeup of a POLLIN poll stalls it)",
                ctx -> new ActiveFlagPollRearm(ctx.trace(), Order.AS_POSTED));
        raceContext("linux-5.15");
        raceOn("regb", "echo-server");
        raceOnlyWith("completion", "baseline",
                "one axis moves at a time: reg.b races seed 002's flag on the baseline posting path, and seed 000's array with the baseline re-arm");
    }

    /** Registers the repaired order as {@value #MASK_FIRST_ALIAS}. */
    public static final class MaskFirst extends AbstractStrategyProvider<PollRearm> {
        public MaskFirst() {
            super(Axis.POLL_REARM, MASK_FIRST_ALIAS, "5.16", Mainline.NEVER,
                    "seed 002 repaired: the wakeup's mask is tested before the active flag (and before an internal poll"
                        + " leaves the list), as io_poll_wake does from 5.17 on",
                    ctx -> new ActiveFlagPollRearm(ctx.trace(), Order.MASK_FIRST));
        }
    }
}
