package dev.uringlab.spi.recipe;

import java.util.List;
import java.util.Map;

/**
 * One race's recipe (docs/recipes.md): the workload and how many rounds of it the steps
 * describe, and both arms, each with its steps expanded in order.
 *
 * @param file     where it was read from (for messages: {@code FILE:LINE})
 * @param race     the race's name, the file's name without {@code .recipe}
 * @param title    one line for the reader
 * @param figure   the seed whose claim the race measures ({@code 000}...)
 * @param workload the workload's name ({@code regb}, {@code linked-nops}, {@code polled-reads})
 * @param workloadParams the workload's parameters ({@code linkSize=10})
 * @param ops      operations per round: per-operation figures divide by {@code rounds * ops}
 * @param warmup   rounds run untraced before the traced ones
 * @param rounds   rounds traced, described by each arm's steps
 * @param arms     the arms, in file order
 */
public record Recipe(String file, String race, String title, String figure, String workload,
        Map<String, String> workloadParams, int ops, int warmup, int rounds, List<Arm> arms) {

    public Recipe {
        workloadParams = Map.copyOf(workloadParams);
        arms = List.copyOf(arms);
    }

    /**
     * One arm: a kernel, the emulated ring that stands for it, and every step it takes over the
     * recipe's traced rounds.
     *
     * @param id         the arm's letter ({@code A}: the author's kernel, {@code B}: with the patch)
     * @param label      its name in reports ({@code linux-6.1+batched-cqe})
     * @param kernel     the kernel tree its lines cite, as the {@code kernel} line writes it
     * @param profile    the emulated ring's kernel profile ({@code linux-6.1})
     * @param strategies axis key to alias, each axis not named being the profile's
     * @param options    ring options ({@code cqe-array=16})
     * @param steps      the steps, {@code use} and {@code repeat} expanded, in order
     * @param line       the line of its {@code arm} header
     */
    public record Arm(String id, String label, String kernel, String profile, Map<String, String> strategies,
            Map<String, String> options, List<RecipeStep> steps, int line) {

        public Arm {
            strategies = Map.copyOf(strategies);
            options = Map.copyOf(options);
            steps = List.copyOf(steps);
        }
    }
}
