package dev.uringlab.spi;

import java.util.Locale;

/**
 * The two spellings of an axis key or option key. The user-facing one is kebab case
 * ({@code link-cqe}, {@code cqe-array}): the command line, claims, the report and the docs use it.
 * Where a Java identifier must carry the name (a JMH {@code @Param} field), it is camel case
 * ({@code linkCqe}, {@code cqeArray}); every reader accepts both and turns them into kebab case.
 */
public final class Names {
    private Names() {
    }

    /** {@code cqeArray} or {@code cqe-array} to {@code cqe-array}. */
    public static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** {@code cqe-array} or {@code cqeArray} to {@code cqeArray}. */
    public static String camel(String name) {
        String[] words = kebab(name).split("-");
        StringBuilder sb = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            if (!words[i].isEmpty()) {
                sb.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
            }
        }
        return sb.toString();
    }
}
