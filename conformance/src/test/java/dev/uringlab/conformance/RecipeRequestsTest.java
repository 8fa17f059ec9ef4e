package dev.uringlab.conformance;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.recipe.Recipe;
import dev.uringlab.spi.recipe.Recipes;
import dev.uringlab.testkit.Goldens;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per arm of every recipe, the requests submitted and the CQEs filled over its traced rounds:
 * the work of a request's and a CQE's inline path, which no recipe step lists (docs/recipes.md:
 * inlined code is not a step) but the kernel prices charge for (reports' {@code PriceFit}
 * prices a request and a CQE beside the steps). Pinned in reports' resource
 * {@code recipe-requests.json} ({@link Goldens}: {@code URINGLAB_UPDATE_GOLDENS=1} rewrites it).
 */
class RecipeRequestsTest {
    static final Path GOLDEN = Path.of("../reports/src/main/resources/dev/uringlab/reports/prices/recipe-requests.json");

    @Test
    void theRecipeRequestsFileIsWhatEachArmSubmitsAndFills() throws Exception {
        List<Recipe> recipes = new ArrayList<>(Recipes.all());
        recipes.sort(Comparator.comparing(Recipe::race));
        List<String> lines = new ArrayList<>();
        lines.add("{");
        lines.add("  \"comment\": \"Per arm of every recipe, SQEs submitted and CQEs filled over its traced rounds ('ops' operations);"
                + " written by conformance's RecipeRequestsTest (URINGLAB_UPDATE_GOLDENS=1), read by reports' RecipeRequests.\",");
        lines.add("  \"races\": {");
        for (int i = 0; i < recipes.size(); i++) {
            Recipe r = recipes.get(i);
            StringBuilder line = new StringBuilder("    \"" + r.race() + "\": {");
            for (int a = 0; a < r.arms().size(); a++) {
                Recipe.Arm arm = r.arms().get(a);
                Map<Counter, Long> counted = new EnumMap<>(Counter.class);
                RecipeRun.run(r, arm, counted);
                line.append(a == 0 ? "" : ", ").append('"').append(arm.id()).append("\": {\"ops\": ").append((long) r.rounds() * r.ops())
                        .append(", \"sqes\": ").append(counted.get(Counter.SQE_SUBMITTED))
                        .append(", \"cqes\": ").append(counted.get(Counter.CQE_FILLED)).append('}');
            }
            lines.add(line.append('}').append(i == recipes.size() - 1 ? "" : ",").toString());
        }
        lines.add("  }");
        lines.add("}");
        Goldens.check(GOLDEN, lines, "the recipes' requests and CQEs per arm");
    }
}
