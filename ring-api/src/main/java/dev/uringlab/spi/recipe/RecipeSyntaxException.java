package dev.uringlab.spi.recipe;

/**
 * A recipe file that does not follow docs/recipes.md, or whose blocks cannot be expanded. The
 * message is {@code FILE:LINE: problem}, as a compiler writes it, so an editor or a terminal
 * jumps to the line.
 */
public final class RecipeSyntaxException extends RuntimeException {
    private final String file;
    private final int line;

    public RecipeSyntaxException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
        this.file = file;
        this.line = line;
    }

    /** The recipe file, as {@link Recipe#file()} names it. */
    public String file() {
        return file;
    }

    /** The 1-based line of the problem. */
    public int line() {
        return line;
    }
}
