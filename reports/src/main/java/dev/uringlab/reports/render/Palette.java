package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Verdict;
import java.awt.Color;
import java.util.List;
import java.util.Locale;

/**
 * The colour of each strategy, the same in every chart and table swatch of a section: the
 * reference strategy slate grey, the others from a palette of mid-lightness hues (after
 * Tableau 10) that keep their contrast on the light and the dark background alike.
 */
final class Palette {
    private static final Color REFERENCE = new Color(0x8a, 0x94, 0xa6);
    private static final List<Color> HUES = List.of(
            new Color(0x4c, 0x8b, 0xd6), new Color(0xf2, 0x8e, 0x2b), new Color(0x3f, 0xaf, 0x6a),
            new Color(0xe1, 0x57, 0x59), new Color(0xb0, 0x7a, 0xd1), new Color(0x2f, 0xb5, 0xb0),
            new Color(0xd4, 0xb1, 0x2f), new Color(0xff, 0x8d, 0xb7), new Color(0x9c, 0x75, 0x5f));

    private Palette() {
    }

    /**
     * The colour of the strategy at {@code index} in a section's strategy list, whose first
     * entry is the reference strategy when {@code withReference}.
     */
    static Color color(int index, boolean withReference) {
        if (withReference && index == 0) {
            return REFERENCE;
        }
        return HUES.get((withReference ? index - 1 : index) % HUES.size());
    }

    /** The colour of a verdict, in the forest plot and the summary's badges. */
    static Color verdict(Verdict v) {
        return switch (v) {
            case REPRODUCED -> new Color(0x2e, 0xa0, 0x5a);
            case SMALLER -> new Color(0xd9, 0x8e, 0x04);
            case LARGER -> new Color(0x4c, 0x8b, 0xd6);
            case SMALLER_OR_NONE -> new Color(0xd6, 0x45, 0x45);
            case INCONCLUSIVE -> new Color(0xb0, 0x7a, 0xd1);
            case NOT_MEASURED, NOT_IMPLEMENTED -> REFERENCE;
        };
    }

    /** As CSS: {@code #4c8bd6}. */
    static String css(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }
}
