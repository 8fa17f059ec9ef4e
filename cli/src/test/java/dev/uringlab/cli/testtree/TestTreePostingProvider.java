package dev.uringlab.cli.testtree;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.Strategies;

/**
 * A strategy that lives only in the test tree: a made-up seed {@value #SEED}'s patch on the
 * {@code completion} axis, alias {@value #ALIAS}, posting as baseline does. It is what a new patch
 * on an existing axis writes, and nothing more: this provider, its
 * {@code META-INF/services/dev.uringlab.spi.StrategyProvider} line, its claim
 * ({@code META-INF/uring-lab/claims/900.json}) and its demo
 * ({@code META-INF/uring-lab/demos/16-test-tree.demo}), all under {@code src/test/registered/},
 * which the test puts on a child JVM's class path as the aggregator's line puts a module on the
 * tools' ({@code TestTreeStrategyTest}). Never merged ({@link Mainline#NEVER}), so no profile
 * chooses it.
 */
public final class TestTreePostingProvider extends AbstractStrategyProvider<CompletionPosting> {
    /** The alias on the completion axis. */
    public static final String ALIAS = "test-tree";
    /** Its seed: no real one. */
    public static final String SEED = "900";

    public TestTreePostingProvider() {
        super(Axis.COMPLETION, ALIAS, "6.1", Mainline.NEVER, "posts as baseline does (a test of registration only)",
                ctx -> Strategies.find(Axis.COMPLETION, Axis.BASELINE).create(ctx));
        ownSeed(SEED);
        raceContext("linux-6.1");
        raceOn("regb");
        raceOnlyWith("poll-rearm", "baseline", "one axis moves at a time");
    }
}
