package dev.uringlab.reports.render;

/** Escaping for the few strings the report writes outside the template engine (SVG attributes). */
final class Html {
    private Html() {
    }

    /** {@code s} safe inside HTML or SVG text and in single- or double-quoted attributes. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
