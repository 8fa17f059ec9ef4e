package dev.uringlab.strategy.pollactive;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PollRearm;

/**
 * Registers {@link ActiveFlagPollRearm} as {@value #ALIAS} on the {@code poll-rearm} axis: written
 * for 5.16 (applied to for-5.16, then dropped before the release, the poll rework of 5.17
 * replacing it), so no kernel profile resolves to it ({@link Mainline#NEVER}).
 */
public final class PollActiveProvider extends AbstractStrategyProvider<PollRearm> {
    /** The alias on the poll-rearm axis. */
    public static final String ALIAS = "active-flag";

    public PollActiveProvider() {
        super(Axis.POLL_REARM, ALIAS, "5.16", Mainline.NEVER,
                "POLL_ADD stays on the waitqueue; an 'active' flag (READ_ONCE/WRITE_ONCE) gates io_poll_wake:"
                    + " no list_del_init or add_wait_queue per event; internal polls unchanged",
                ctx -> new ActiveFlagPollRearm(ctx.trace()));
    }
}
