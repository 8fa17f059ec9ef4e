/**
 * Recipes (DESIGN.md rule 10, docs/recipes.md): for each race, every costed step of each arm,
 * in order, cited from the kernel source of that arm's version, and the out-of-line calls the
 * emulator must keep out of line.
 *
 * <ul>
 *   <li>{@link dev.uringlab.spi.recipe.Recipes#all()} loads every
 *       {@code META-INF/uring-lab/recipes/*.recipe} on the class path, each parsed by
 *       {@link dev.uringlab.spi.recipe.RecipeParser} into a {@link dev.uringlab.spi.recipe.Recipe}:
 *       its headers and its {@link dev.uringlab.spi.recipe.Recipe.Arm}s, each arm's steps
 *       already expanded ({@code use} and {@code repeat} resolved) into the exact sequence of
 *       {@link dev.uringlab.spi.recipe.RecipeStep}s its traced rounds take. A malformed file is a
 *       {@link dev.uringlab.spi.recipe.RecipeSyntaxException} naming {@code FILE:LINE}.</li>
 *   <li>{@link dev.uringlab.spi.recipe.OutOfLine} marks the Java method that is a kernel
 *       function called out of line (a recipe's {@code call} step is emitted on its entry);
 *       {@link dev.uringlab.spi.recipe.OutOfLineMethods} finds them on the class path, and the
 *       JMH forks' {@code -XX:CompileCommand=dontinline} list is built from them: one source of
 *       truth for what the JIT may not inline.</li>
 * </ul>
 * conformance's {@code RecipeTest} holds every arm's trace to its recipe.
 *
 * <p>May not: depend on anything but {@code dev.uringlab.api} and {@code dev.uringlab.spi.trace};
 * hold engine code.
 */
package dev.uringlab.spi.recipe;
