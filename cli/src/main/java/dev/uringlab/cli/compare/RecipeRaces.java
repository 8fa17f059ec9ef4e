package dev.uringlab.cli.compare;

import dev.uringlab.reports.prices.CalibrationInput;
import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.prices.RecipeRequests;
import dev.uringlab.spi.recipe.Recipe;
import dev.uringlab.spi.recipe.RecipeStep;
import dev.uringlab.spi.recipe.Recipes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every recipe on this build's class path (docs/recipes.md) as the prices file's races: per arm,
 * its steps per operation of each kind (expanded count over {@code rounds x ops}), in the kind
 * order of the prices, with the requests and CQEs per operation no step lists (reports'
 * {@link RecipeRequests}). The recipes are the code's, so {@code compare} and {@code report} put
 * their own build's into the prices they are given.
 */
final class RecipeRaces {
    private RecipeRaces() {
    }

    /**
     * {@code prices} with the races of every recipe of this build. A kind some recipe takes that
     * the prices lack (they were fitted by an earlier build, before the kind was typed) joins them
     * unpriced ({@link KernelPrices#withUnpricedKinds}): every ratio leaves its steps out and
     * names them, and the other kinds' prices still hold.
     */
    static KernelPrices into(KernelPrices prices) {
        List<String> missing = new ArrayList<>();
        for (Recipe r : Recipes.all()) {
            for (Recipe.Arm arm : r.arms()) {
                for (RecipeStep s : arm.steps()) {
                    String kind = s.kind().keyword();
                    if (!prices.kinds().contains(kind) && !missing.contains(kind)) {
                        missing.add(kind);
                    }
                }
            }
        }
        KernelPrices known = prices.withUnpricedKinds(missing);
        return known.withRaces(all(known.kinds()));
    }

    /** The races of every recipe, steps per operation in {@code kinds} order (a kind {@code kinds} lacks is refused). */
    static List<KernelPrices.Race> all(List<String> kinds) {
        List<KernelPrices.Race> races = new ArrayList<>();
        for (Recipe r : Recipes.all()) {
            Map<String, String> params = new LinkedHashMap<>(r.workloadParams());
            List<KernelPrices.Arm> arms = new ArrayList<>();
            for (Recipe.Arm arm : r.arms()) {
                arm.options().forEach(params::putIfAbsent);
                double[] steps = new double[kinds.size()];
                inline(r, arm, kinds, steps);
                for (RecipeStep s : arm.steps()) {
                    int k = kinds.indexOf(s.kind().keyword());
                    if (k < 0) {
                        throw new IllegalStateException(r.file() + ":" + s.line() + ": step kind " + s.kind().keyword()
                                + " is not one of " + kinds);
                    }
                    steps[k] += 1.0 / ((double) r.rounds() * r.ops());
                }
                arms.add(new KernelPrices.Arm(arm.id(), arm.label(), arm.kernel(), steps));
            }
            races.add(new KernelPrices.Race(r.race(), r.figure(), r.title(), params, arms));
        }
        return races;
    }

    /** The requests and CQEs per operation of {@code arm}, where the prices have those kinds (reports' {@link RecipeRequests}). */
    private static void inline(Recipe r, Recipe.Arm arm, List<String> kinds, double[] steps) {
        int request = kinds.indexOf(CalibrationInput.REQUEST);
        int cqe = kinds.indexOf(CalibrationInput.CQE);
        if (request < 0 && cqe < 0) {
            return;
        }
        double[] perOp = RecipeRequests.perOp(r.race(), arm.id()).orElseThrow(() -> new IllegalStateException(r.file()
                + ": arm " + arm.id() + " is not in reports' " + RecipeRequests.RESOURCE + " (conformance's RecipeRequestsTest writes it)"));
        if (request >= 0) {
            steps[request] = perOp[0];
        }
        if (cqe >= 0) {
            steps[cqe] = perOp[1];
        }
    }
}
