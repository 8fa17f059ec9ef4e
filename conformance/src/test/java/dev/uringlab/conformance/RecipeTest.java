package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.recipe.OutOfLineMethods;
import dev.uringlab.spi.recipe.Recipe;
import dev.uringlab.spi.recipe.RecipeParser;
import dev.uringlab.spi.recipe.Recipes;
import dev.uringlab.spi.trace.StepKind;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DESIGN.md rule 10: every arm of every recipe on the class path (docs/recipes.md) takes
 * exactly the steps its recipe lists, in order, over the recipe's traced rounds; and every
 * {@code call} step is emitted by the method that is that kernel function, marked
 * {@link OutOfLine} so that the JMH forks keep it out of line.
 */
class RecipeTest {

    @TestFactory
    Stream<DynamicContainer> everyArmTakesExactlyItsRecipesSteps() {
        List<Recipe> recipes = Recipes.all();
        assertThat(recipes).as("recipes on the class path").isNotEmpty();
        return recipes.stream().map(r -> DynamicContainer.dynamicContainer(r.race(), r.arms().stream()
                .map(arm -> DynamicTest.dynamicTest("arm " + arm.id() + " " + arm.label(), () -> assertArm(r, arm)))));
    }

    private static void assertArm(Recipe recipe, Recipe.Arm arm) throws Exception {
        List<RecipeRun.Traced> traced = RecipeRun.run(recipe, arm);
        String diff = StepDiff.compare("arm " + arm.id() + " " + arm.label() + " of " + recipe.file(), arm.steps(),
                traced.stream().map(RecipeRun.Traced::typed).toList());
        if (diff != null) {
            fail(diff);
        }
        Set<String> unmarked = new TreeSet<>();
        for (RecipeRun.Traced t : traced) {
            String name = t.typed().substring(StepKind.CALL.keyword().length() + 1);
            if (t.emitter() != null && !t.outOfLine().equals(Optional.of(name))) {
                unmarked.add(t.typed() + " is emitted by " + t.emitter() + ", which is not @OutOfLine(\"" + name + "\")"
                        + t.outOfLine().map(v -> " but @OutOfLine(\"" + v + "\")").orElse(""));
            }
        }
        assertThat(unmarked).as("call steps whose emitting method is not the kernel function kept out of line").isEmpty();
    }

    @Test
    void everyCallStepOfEveryRecipeNamesAnOutOfLineMethod() {
        Set<String> outOfLine = OutOfLineMethods.find(getClass().getClassLoader()).stream()
                .map(m -> m.getAnnotation(OutOfLine.class).value()).collect(Collectors.toSet());
        List<String> missing = new ArrayList<>();
        for (Recipe r : Recipes.all()) {
            for (Recipe.Arm arm : r.arms()) {
                arm.steps().stream().filter(s -> s.kind() == StepKind.CALL && !outOfLine.contains(s.name()))
                        .map(s -> r.file() + ":" + s.line() + ": call " + s.name() + " has no @OutOfLine(\"" + s.name() + "\") method")
                        .distinct().forEach(missing::add);
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void everyOutOfLineMethodIsKeptOutOfLineInTheJmhForks() {
        List<Method> methods = OutOfLineMethods.find(getClass().getClassLoader());
        assertThat(methods).isNotEmpty();
        assertThat(OutOfLineMethods.dontInlineCommands(getClass().getClassLoader()))
                .contains("-XX:CompileCommand=dontinline," + methods.getFirst().getDeclaringClass().getName() + "::"
                        + methods.getFirst().getName());
    }

    /**
     * A recipe that lost a step, or gained one, no longer matches its arm's trace, and the diff
     * names the step: the inline chain's __io_queue_sqe, and io-wq's third reference (5.6's
     * io_get_work) on the IOSQE_ASYNC chain, where a step dropped from a block goes from every use.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "linked-nops-10-5.6.recipe|call __io_queue_sqe|1",
        "linked-nops-10-async-5.6.recipe|locked refcount_inc(req->refs)|0",
        "linked-nops-10-async-5.6.recipe|call io_put_work|1"})
    void aRecipeWithOneStepRemovedOrAddedFails(String file, String step, int arm) throws Exception {
        List<String> lines;
        try (var in = getClass().getClassLoader().getResourceAsStream(Recipes.DIRECTORY + file)) {
            assertThat(in).as(file + " on the class path").isNotNull();
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        int stepLine = -1;
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).strip().startsWith(step + " @")) {
                stepLine = i;
                break;
            }
        }
        assertThat(stepLine).as("the line to mutate").isPositive();

        List<String> removed = new ArrayList<>(lines);
        removed.remove(stepLine);
        assertMismatch(file, step, arm, lines, removed);

        List<String> added = new ArrayList<>(lines);
        added.add(stepLine, lines.get(stepLine));
        assertMismatch(file, step, arm, lines, added);
    }

    private static void assertMismatch(String file, String step, int armIndex, List<String> original, List<String> mutated)
            throws Exception {
        Recipe recipe = RecipeParser.parse(file, String.join("\n", mutated));
        Recipe.Arm arm = recipe.arms().get(armIndex);
        List<String> traced = RecipeRun.run(recipe, arm).stream().map(RecipeRun.Traced::typed).toList();
        String diff = StepDiff.compare("mutated", arm.steps(), traced);
        assertThat(diff).as("a recipe of %d lines against the trace of its original of %d", mutated.size(), original.size())
                .isNotNull().containsPattern("(?m)^  [-+] +\\d+  (L\\d+)? +" + Pattern.quote(step));
        assertThat(StepDiff.compare("original", RecipeParser.parse(file, String.join("\n", original))
                .arms().get(armIndex).steps(), traced)).isNull();
    }
}
