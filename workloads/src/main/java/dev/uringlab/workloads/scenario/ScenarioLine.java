package dev.uringlab.workloads.scenario;

import dev.uringlab.api.Errno;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.SqeFlags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One non-empty line of a scenario file, split into its command, {@code key=value} arguments and
 * bare words, and the reading of each kind of value on it (numbers, user_data, results with
 * errno names, poll events, flag words); every problem is a {@link ScenarioSyntaxException}
 * naming the file and line. What the words mean to the program (names declared above, which
 * command takes what) is {@link ScenarioParser}'s.
 */
final class ScenarioLine {
    /** The flag words of docs/scenario-format.md and the IOSQE_* bit each sets. */
    private static final Map<String, Integer> FLAG_WORDS = flagWords();
    /** The bare word that makes a poll multishot (IORING_POLL_ADD_MULTI). */
    static final String MULTI = "multi";
    private static final Pattern UNSIGNED = Pattern.compile("[0-9]+");
    static final Pattern SIGNED = Pattern.compile("-?[0-9]+");

    private final String file;
    final int number;
    final String command;
    final Map<String, String> args = new LinkedHashMap<>();
    final List<String> words = new ArrayList<>();

    ScenarioLine(String file, int number, String text) throws ScenarioSyntaxException {
        this.file = file;
        this.number = number;
        String[] tokens = text.split("\\s+");
        this.command = tokens[0];
        for (int i = 1; i < tokens.length; i++) {
            String t = tokens[i];
            int eq = t.indexOf('=');
            if (eq < 0) {
                words.add(t);
            } else if (eq == 0) {
                throw error("'" + t + "': an argument is key=value");
            } else if (args.putIfAbsent(t.substring(0, eq), t.substring(eq + 1)) != null) {
                throw error(t.substring(0, eq) + "= given twice");
            }
        }
    }

    ScenarioSyntaxException error(String reason) {
        return new ScenarioSyntaxException(file, number, reason);
    }

    boolean has(String key) {
        return args.containsKey(key);
    }

    String required(String key) throws ScenarioSyntaxException {
        String v = args.get(key);
        if (v == null) {
            throw error(command + ": missing " + key + "=");
        }
        return v;
    }

    void allowKeys(String... keys) throws ScenarioSyntaxException {
        List<String> allowed = List.of(keys);
        for (String k : args.keySet()) {
            if (!allowed.contains(k)) {
                throw error("unknown argument '" + k + "=' for " + command + "; " + command + " takes "
                        + String.join("=, ", allowed) + "=");
            }
        }
    }

    /** Exactly {@code n} bare words and no {@code key=value}: the usage is quoted otherwise. */
    List<String> positionals(int n, String usage) throws ScenarioSyntaxException {
        if (!args.isEmpty() || words.size() != n) {
            throw error("expected '" + usage + "'");
        }
        return words;
    }

    /** The IOSQE_* bits of the flag words; {@code multi} is allowed only on a poll. */
    int flags(boolean poll) throws ScenarioSyntaxException {
        return flagsWith(poll ? MULTI : null);
    }

    /** The IOSQE_* bits of the flag words; {@code other}, if not null, is the one more bare word the command takes. */
    int flagsWith(String other) throws ScenarioSyntaxException {
        int bits = 0;
        List<String> seen = new ArrayList<>();
        for (String w : words) {
            if (seen.contains(w)) {
                throw error("flag '" + w + "' given twice");
            }
            seen.add(w);
            Integer bit = FLAG_WORDS.get(w);
            if (bit != null) {
                bits |= bit;
            } else if (!w.equals(other)) {
                throw error("unknown flag '" + w + "'; flags: " + String.join(", ", FLAG_WORDS.keySet())
                        + (other != null ? ", " + other : ""));
            }
        }
        return bits;
    }

    /** {@code events=}: {@code IN}, {@code OUT} or both joined by {@code |}. */
    int events() throws ScenarioSyntaxException {
        String v = required("events");
        int mask = 0;
        for (String part : v.split("\\|", -1)) {
            int bit = switch (part) {
                case "IN" -> PollEvents.POLLIN;
                case "OUT" -> PollEvents.POLLOUT;
                default -> 0;
            };
            if (bit == 0 || (mask & bit) != 0) {
                throw error("events=" + v + ": expected IN, OUT or IN|OUT");
            }
            mask |= bit;
        }
        return mask;
    }

    /** A user_data: a decimal u64. */
    long userData(String key) throws ScenarioSyntaxException {
        String v = required(key);
        if (UNSIGNED.matcher(v).matches()) {
            try {
                return Long.parseUnsignedLong(v);
            } catch (NumberFormatException tooBig) {
                // reported below
            }
        }
        throw error(key + "=" + v + ": expected a decimal number from 0 to " + Long.toUnsignedString(-1L));
    }

    /** A result ({@code fail=}): a decimal int or a negative errno name such as {@code -EIO}. */
    int result(String key) throws ScenarioSyntaxException {
        String v = required(key);
        if (v.startsWith("-E")) {
            int errno = Errno.byName(v.substring(1));
            if (errno < 0) {
                throw error(key + "=" + v + ": unknown errno name (known: -EINVAL, -ECANCELED, -EBADF, -EIO, -ENOENT, "
                        + "-EFAULT, -EOPNOTSUPP, -EAGAIN, -ETIME...)");
            }
            return -errno;
        }
        if (!SIGNED.matcher(v).matches()) {
            throw error(key + "=" + v + ": expected a decimal number or a negative errno name such as -EIO");
        }
        return parseNumber(key + "=" + v, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    int number(String key, int min, int max) throws ScenarioSyntaxException {
        String v = required(key);
        return parseNumber(key + "=" + v, v, min, max);
    }

    int parseNumber(String what, String v, int min, int max) throws ScenarioSyntaxException {
        if (SIGNED.matcher(v).matches() && v.length() <= 12) {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return (int) n;
            }
        }
        throw error(what + ": expected a decimal number from " + min + " to " + max);
    }

    private static Map<String, Integer> flagWords() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("link", SqeFlags.IOSQE_IO_LINK);
        m.put("hardlink", SqeFlags.IOSQE_IO_HARDLINK);
        m.put("drain", SqeFlags.IOSQE_IO_DRAIN);
        m.put("async", SqeFlags.IOSQE_ASYNC);
        m.put("skip", SqeFlags.IOSQE_CQE_SKIP_SUCCESS);
        return m;
    }
}
