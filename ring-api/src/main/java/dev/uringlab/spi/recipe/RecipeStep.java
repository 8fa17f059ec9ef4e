package dev.uringlab.spi.recipe;

import dev.uringlab.spi.trace.StepKind;

/**
 * One step of a recipe, as its line writes it: {@code <kind> <name> @ <source> [note]}.
 *
 * @param kind   what the step costs ({@code call}, {@code locked}...)
 * @param name   the step's name as the trace writes it ({@code spin_lock(completion_lock)},
 *               {@code io_eventfd_signal}); may contain spaces, never {@code @}
 * @param source where the kernel takes it: {@code FILE:LINE[-LINE]} relative to the arm's kernel
 *               tree, optionally after a version or patch ({@code v6.2 block/bio.c:412})
 * @param note   free text for the reader, or empty
 * @param line   the 1-based line of the recipe file that declares the step (a step of a block
 *               used twice has the block's line both times)
 */
public record RecipeStep(StepKind kind, String name, String source, String note, int line) {

    /**
     * The step as {@link dev.uringlab.spi.trace.TraceEvent#typedStep()} writes it: {@code kind name},
     * e.g. {@code call io_eventfd_signal}.
     */
    public String typed() {
        return kind.keyword() + ' ' + name;
    }
}
