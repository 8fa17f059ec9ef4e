package dev.uringlab.spi.recipe;

import dev.uringlab.spi.ClassPathFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * Every recipe on the class path: the files {@value #DIRECTORY}{@code *.recipe} that each module
 * ships beside the strategy or race they describe (a module's
 * {@code src/main/resources/META-INF/uring-lab/recipes/}), so that no list names them.
 */
public final class Recipes {
    /** Where a module puts its recipes, as a class-path resource directory. */
    public static final String DIRECTORY = "META-INF/uring-lab/recipes/";

    private Recipes() {
    }

    /** Every recipe visible to this class's loader, parsed, by race name. */
    public static List<Recipe> all() {
        return all(Recipes.class.getClassLoader());
    }

    /**
     * Every recipe {@code loader} sees, parsed, by race name.
     *
     * @throws RecipeSyntaxException for the first file that does not parse
     */
    public static List<Recipe> all(ClassLoader loader) {
        return ClassPathFiles.under(loader, DIRECTORY, ".recipe").stream()
                .map(e -> RecipeParser.parse(sourceName(e.location()), new String(e.bytes(), StandardCharsets.UTF_8)))
                .sorted(Comparator.comparing(Recipe::race)).toList();
    }

    /**
     * The name a message gives a recipe read from {@code location}: the module's source file when
     * it is a copy in {@code target/classes} (the file to edit), else {@code location} itself.
     */
    private static String sourceName(String location) {
        int at = location.indexOf("/target/classes/");
        if (at >= 0) {
            Path source = Path.of(location.substring(0, at) + "/src/main/resources/" + location.substring(at + "/target/classes/".length()));
            if (Files.isRegularFile(source)) {
                return source.toString();
            }
        }
        return location;
    }
}
