package dev.uringlab.spi.recipe;

import dev.uringlab.spi.recipe.OutOfLine;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * This method is the kernel function {@link #value()}, which the kernel calls out of line: a
 * function of another file, one reached through a pointer, or one marked {@code noinline}
 * (docs/recipes.md). A recipe's {@code call} step of that name is emitted on the method's
 * entry ({@code trace.step(StepKind.CALL, "io_eventfd_signal")}), and every JMH fork keeps the
 * method out of line ({@code -XX:CompileCommand=dontinline}, built from these annotations by
 * {@link OutOfLineMethods}), so the JVM pays the call the kernel pays. conformance's
 * {@code RecipeTest} checks that every traced {@code call} step comes from a method that carries
 * this annotation with that name.
 *
 * <p>A CompileCommand names a class and a method name, not a signature: every overload of an
 * annotated method's name in its class is kept out of line with it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OutOfLine {
    /** The kernel function, as the recipe's {@code call} step names it ({@code io_eventfd_signal}). */
    String value();
}
