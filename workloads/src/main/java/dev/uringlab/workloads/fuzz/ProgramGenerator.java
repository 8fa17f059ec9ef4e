package dev.uringlab.workloads.fuzz;

import java.util.List;

/**
 * A seeded generator of scenario programs: program {@code i} of seed {@code S} depends on
 * nothing else. Two are written apart, with other weights and shapes, so that one's blind spots
 * are not the other's: {@link ScenarioGenerator} ({@value ScenarioGenerator#NAME}) and
 * {@link EdgeGenerator} ({@value EdgeGenerator#NAME}).
 */
public interface ProgramGenerator {

    /** The generator's name, as {@code uring-lab fuzz --generator} takes it. */
    String name();

    /** The seed. */
    long seed();

    /** Program {@code index} of this seed. */
    Program program(int index);

    /** Every generator's name. */
    List<String> NAMES = List.of(ScenarioGenerator.NAME, EdgeGenerator.NAME);

    /** The generator called {@code name}, with {@code seed}. */
    static ProgramGenerator of(String name, long seed) {
        return switch (name) {
            case ScenarioGenerator.NAME -> new ScenarioGenerator(seed);
            case EdgeGenerator.NAME -> new EdgeGenerator(seed);
            default -> throw new IllegalArgumentException("unknown generator '" + name + "'; generators: "
                    + String.join(", ", NAMES));
        };
    }
}
