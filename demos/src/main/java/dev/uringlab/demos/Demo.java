package dev.uringlab.demos;

import dev.uringlab.workloads.scenario.Scenario;
import java.util.List;

/**
 * One classroom demo: a small scenario program (SCENARIOS.md) run on the emulated ring once per
 * {@link Arm}, its narration and the "what to notice" paragraph ending with the question worth
 * asking in class. Read from a {@code NAME.demo} file by {@link DemoFile}. Immutable.
 *
 * @param name      the name on the command line ({@code batched-cqe})
 * @param seed      the seed it replays ({@code 000}), or {@code null} for a basic demo
 * @param title     one line
 * @param arms      two arms: the author's context first, then the patched kernel
 * @param narration what the program does and what the arms are, a paragraph
 * @param notice    what to notice in the trace, and the question to ask
 * @param scenario  the program
 * @param source    the file's lines, so a step can show the program line it runs
 * @param show      the costed steps (a recipe's {@code rcu}, {@code call}...) the demo narrates, by the
 *                  start of their name ({@code percpu_ref}); the others stay out of the demo
 */
public record Demo(String name, String seed, String title, List<Arm> arms, String narration, String notice,
        Scenario scenario, List<String> source, List<String> show) {

    public Demo {
        arms = List.copyOf(arms);
        show = List.copyOf(show);
        source = List.copyOf(source);
        if (arms.size() != 2) {
            throw new IllegalArgumentException(name + ": a demo has two arms, not " + arms.size());
        }
    }
}
