package dev.uringlab.reports.input;

/**
 * Where an author's figure is written: a verbatim quote of one or more lines of the seed files
 * the project was started from (the mailing-list posts and the notes taken from them), which
 * the claims test checks where those files are at hand. The report shows the quote and cites
 * the post ({@link Claim#post()}), never the file, which a clone does not have.
 *
 * @param file the file, relative to {@code shared/}, e.g. {@code seeds/003_d5203a318b1ea293.txt}
 * @param line the number of the quote's first line (from 1)
 * @param text the quote: text found verbatim in the file from that line on, lines joined by {@code \n}
 */
public record Source(String file, int line, String text) {
    /** The cited line or range, e.g. {@code 19} or {@code 19-21}. */
    public String lines() {
        long extra = text.chars().filter(c -> c == '\n').count();
        return extra == 0 ? Integer.toString(line) : line + "-" + (line + extra);
    }
}
