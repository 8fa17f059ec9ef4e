package dev.uringlab.workloads.fuzz;

import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioParser;
import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import java.util.List;
import java.util.Set;

/**
 * One generated scenario program with what its generator knows about it, so the program can be
 * judged on what the kernel guarantees and checked for invariants on the emulator alone.
 *
 * @param generator   the generator's name ({@link ProgramGenerator#name()}), the prefix of {@link #name()}
 * @param seed        the campaign seed
 * @param index       the program's number in the campaign ({@link ScenarioGenerator#program})
 * @param lines       the scenario text, one command per line (SCENARIOS.md)
 * @param sure        user_data of the SQEs that must post exactly one CQE by the end of the program
 *                    on a ring that posts every CQE (no boxed-cqe), when {@link #initFailures} is false
 * @param multishot   user_data of the multishot polls (CQEs with MORE, then at most one without)
 * @param ordered     groups of user_data (one per submit) whose CQEs must be reaped in this order:
 *                    plain inline NOPs of one batch, no flag, no link around them
 * @param usesSkip    whether an SQE carries IOSQE_CQE_SKIP_SUCCESS (judged only where the flag is implemented)
 * @param initFailures whether an SQE may fail at io_init_req, stopping its submit (later SQEs wait in the SQ)
 * @param freeChains  the chains (a lone request is a chain of one) of the requests that io-wq may complete
 *                    (IOSQE_ASYNC, a drain, a chain left open at a submit, and what follows them in their
 *                    chain), each in submission order: {@link Judge} compares their CQEs per chain, not by
 *                    position
 */
public record Program(String generator, long seed, int index, List<String> lines, Set<Long> sure, Set<Long> multishot,
        List<List<Long>> ordered, boolean usesSkip, boolean initFailures, List<List<Long>> freeChains) {

    public Program {
        lines = List.copyOf(lines);
        sure = Set.copyOf(sure);
        multishot = Set.copyOf(multishot);
        ordered = ordered.stream().map(List::copyOf).toList();
        freeChains = freeChains.stream().map(List::copyOf).toList();
    }

    /** The user_data of every request of {@link #freeChains}. */
    public Set<Long> free() {
        return freeChains.stream().flatMap(List::stream).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /** The name a written scenario gets: {@code GENERATOR-SEED-INDEX.scn} ({@code fuzz-5eed-7.scn}). */
    public String name() {
        return generator + "-" + Long.toUnsignedString(seed, 16) + "-" + index + ".scn";
    }

    /** How messages name it: {@code program INDEX of GENERATOR seed SEED}, the command that replays it. */
    public String describe() {
        return "program " + index + " of " + generator + " seed " + Long.toUnsignedString(seed, 16);
    }

    /** The program parsed; a generated program always parses, so a failure here is a generator bug. */
    public Scenario scenario() {
        return parse(name(), lines);
    }

    /** Whether any SQE polls with IORING_POLL_ADD_MULTI. */
    public boolean hasMultishot() {
        return !multishot.isEmpty();
    }

    /** Whether the program removes a poll (POLL_REMOVE). */
    public boolean removesPolls() {
        return lines.stream().anyMatch(l -> l.startsWith("poll-remove "));
    }

    /** Whether a multishot poll waits on the eventfd registered with the ring (its own CQEs wake it). */
    public boolean pollsOwnEventfd() {
        return lines.stream().anyMatch(l -> l.startsWith("register-eventfd "))
                && lines.stream().anyMatch(l -> l.startsWith("poll ") && l.contains(" fd=e") && l.contains(" multi"));
    }

    /** The program's text, one line each, with a final newline. */
    public String text() {
        return String.join("\n", lines) + "\n";
    }

    static Scenario parse(String name, List<String> lines) {
        try {
            return ScenarioParser.parse(name, lines);
        } catch (ScenarioSyntaxException e) {
            throw new IllegalStateException("generated program does not parse: " + e.getMessage(), e);
        }
    }
}
