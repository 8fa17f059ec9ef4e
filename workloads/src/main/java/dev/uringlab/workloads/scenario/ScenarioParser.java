package dev.uringlab.workloads.scenario;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.SqeFlags;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Reads a scenario file (docs/scenario-format.md, format v1 with its extensions) into an immutable {@link Scenario}. Every
 * error of the file (unknown command or argument, missing {@code ud=}, {@code setup} not
 * first, a bad number or errno name, an unknown flag word, a name declared twice, an
 * {@code fd=} naming nothing declared above) is a {@link ScenarioSyntaxException} whose
 * message is {@code FILE:LINE: message}; the whole file is read before anything runs.
 *
 * <p>Two extensions to v1 (docs/scenario-format.md): {@code opcode ud=U op=N flags=B} puts the
 * raw bits B (0-255) in {@code sqe->flags}, for bad-flag cases the flag words cannot spell; and
 * {@code wait ud=U} waits until the CQE of request U is in the ring, for a chain whose CQE
 * count depends on the link-cqe strategy.
 */
public final class ScenarioParser {
    /** The flag words of docs/scenario-format.md and the IOSQE_* bit each sets. */
    private static final Map<String, Integer> FLAG_WORDS = flagWords();
    /** The bare word that makes a poll multishot (IORING_POLL_ADD_MULTI). */
    private static final String MULTI = "multi";
    private static final List<String> COMMANDS = List.of("setup", "pipe", "socketpair", "tcppair", "eventfd", "nullb", "register-eventfd", "nop", "poll",
            "poll-remove", "read", "write", "opcode", "submit", "wait", "app", "reap");
    /** The largest {@code len=} or {@code app} count: a pipe holds 64 KiB by default, so this is plenty. */
    static final int MAX_LEN = 1 << 20;
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");
    private static final Pattern UNSIGNED = Pattern.compile("[0-9]+");
    private static final Pattern SIGNED = Pattern.compile("-?[0-9]+");

    private final String file;
    private final Map<String, Declaration> declared = new HashMap<>();
    private final List<Step> steps = new ArrayList<>();
    private Scenario.Setup setup;

    private enum Kind {
        PIPE("a pipe"), SOCKETPAIR("a socket pair"), EVENTFD("an eventfd"), NULLB("a block device");

        final String article;

        Kind(String article) {
            this.article = article;
        }
    }

    private record Declaration(Kind kind, int line) {}

    private ScenarioParser(String file) {
        this.file = file;
    }

    /**
     * Parses the file at {@code path}; messages name it as {@code path.toString()}. A UTF-8
     * byte-order mark at the start is skipped; bytes that are not UTF-8 (a binary file) are
     * {@code FILE:LINE: not UTF-8 text} with the line where decoding fails, and a NUL byte
     * {@code FILE:LINE: not text (a NUL byte)}.
     *
     * @throws IOException the file cannot be read (missing, a directory, no permission)
     */
    public static Scenario parse(Path path) throws IOException, ScenarioSyntaxException {
        return parse(path.toString(), readLines(path));
    }

    /**
     * The lines of the file at {@code path} as {@link #parse(Path)} reads them (a byte-order
     * mark skipped, bytes that are not UTF-8 text an error naming their line), for a caller that
     * also shows the source, such as {@code run --trace}.
     */
    public static List<String> readLines(Path path) throws IOException, ScenarioSyntaxException {
        return lines(path.toString(), Files.readAllBytes(path));
    }

    /** The lines of a scenario file's bytes, decoded strictly as UTF-8 after an optional byte-order mark. */
    static List<String> lines(String file, byte[] bytes) throws ScenarioSyntaxException {
        int start = bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF ? 3 : 0;
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer text = CharBuffer.allocate(bytes.length); // UTF-8 never decodes to more chars than bytes
        CharsetDecoder decoder = UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult result = decoder.decode(in, text, true);
        if (!result.isError()) {
            result = decoder.flush(text);
        }
        if (result.isError()) {
            throw new ScenarioSyntaxException(file, lineOf(bytes, in.position()), "not UTF-8 text");
        }
        int nul = indexOf(bytes, (byte) 0);
        if (nul >= 0) {
            throw new ScenarioSyntaxException(file, lineOf(bytes, nul), "not text (a NUL byte)");
        }
        return text.flip().toString().lines().toList();
    }

    /** The 1-based line holding byte {@code offset}. */
    private static int lineOf(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Parses {@code lines} (line 1 first) of the file called {@code file}. */
    public static Scenario parse(String file, List<String> lines) throws ScenarioSyntaxException {
        return new ScenarioParser(file).parseAll(lines);
    }

    private Scenario parseAll(List<String> lines) throws ScenarioSyntaxException {
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            int hash = text.indexOf('#');
            text = (hash >= 0 ? text.substring(0, hash) : text).strip();
            if (!text.isEmpty()) {
                parseLine(new Line(i + 1, text));
            }
        }
        if (setup == null) {
            throw new ScenarioSyntaxException(file, 1, "no setup line: a scenario starts with 'setup entries=N'");
        }
        return new Scenario(file, setup, steps);
    }

    private void parseLine(Line l) throws ScenarioSyntaxException {
        if (!COMMANDS.contains(l.command)) {
            throw l.error("unknown command '" + l.command + "'; commands: " + String.join(", ", COMMANDS));
        }
        if (setup == null && !l.command.equals("setup")) {
            throw l.error("'" + l.command + "' before setup: setup must come first");
        }
        switch (l.command) {
            case "setup" -> setup(l);
            case "pipe" -> steps.add(new Step.DeclarePipe(l.number, declare(l, Kind.PIPE)));
            case "socketpair" -> steps.add(new Step.DeclareSocketPair(l.number, declare(l, Kind.SOCKETPAIR), false));
            case "tcppair" -> steps.add(new Step.DeclareSocketPair(l.number, declare(l, Kind.SOCKETPAIR), true));
            case "eventfd" -> steps.add(new Step.DeclareEventfd(l.number, declare(l, Kind.EVENTFD)));
            case "nullb" -> {
                l.allowKeys("size", "poll_queues", "completion_nsec");
                String name = declare(l, Kind.NULLB);
                int size = number(l, "size", 512, Integer.MAX_VALUE);
                if (size % 512 != 0) {
                    throw l.error("size=" + size + ": a multiple of the 512-byte block size");
                }
                int pollQueues = l.has("poll_queues") ? number(l, "poll_queues", 0, 64) : 0;
                int nsec = l.has("completion_nsec") ? number(l, "completion_nsec", 0, Integer.MAX_VALUE) : 0;
                steps.add(new Step.DeclareNullb(l.number, name, size, pollQueues, nsec));
            }
            case "register-eventfd" -> {
                String name = l.positionals(1, "register-eventfd NAME").getFirst();
                requireDeclared(l, name, Kind.EVENTFD);
                steps.add(new Step.RegisterEventfd(l.number, name));
            }
            case "nop" -> {
                l.allowKeys("ud", "fail");
                OptionalInt inject = l.has("fail") ? OptionalInt.of(result(l, "fail")) : OptionalInt.empty();
                steps.add(new Step.Nop(l.number, userData(l, "ud"), inject, l.flags(false)));
            }
            case "poll" -> {
                l.allowKeys("ud", "fd", "events");
                long ud = userData(l, "ud");
                FdRef fd = fd(l);
                int events = l.has("events") ? events(l) : PollEvents.POLLIN;
                boolean multi = l.words.contains(MULTI);
                steps.add(new Step.PollAdd(l.number, ud, fd, events, multi, l.flags(true)));
            }
            case "poll-remove" -> {
                l.allowKeys("ud", "target");
                steps.add(new Step.PollRemove(l.number, userData(l, "ud"), userData(l, "target"), l.flags(false)));
            }
            case "read", "write" -> {
                l.allowKeys("ud", "fd", "len", "off");
                int opcode = l.command.equals("read") ? Opcodes.IORING_OP_READ : Opcodes.IORING_OP_WRITE;
                long ud = userData(l, "ud");
                FdRef fd = fd(l);
                int len = number(l, "len", 0, MAX_LEN);
                int off = l.has("off") ? number(l, "off", 0, Integer.MAX_VALUE) : 0;
                steps.add(new Step.ReadWrite(l.number, opcode, ud, fd, len, off, l.flags(false)));
            }
            case "opcode" -> {
                l.allowKeys("ud", "op", "flags");
                long ud = userData(l, "ud");
                int op = number(l, "op", 0, 255);
                int raw = l.has("flags") ? number(l, "flags", 0, 255) : 0;
                steps.add(new Step.RawSqe(l.number, ud, op, raw | l.flags(false)));
            }
            case "submit" -> {
                l.positionals(0, "submit");
                steps.add(new Step.Submit(l.number));
            }
            case "reap" -> {
                l.positionals(0, "reap");
                steps.add(new Step.Reap(l.number));
            }
            case "wait" -> {
                if (l.has("ud")) {
                    l.allowKeys("ud");
                    if (!l.words.isEmpty()) {
                        throw l.error("expected 'wait N' or 'wait ud=U'");
                    }
                    steps.add(new Step.WaitFor(l.number, userData(l, "ud")));
                } else {
                    String n = l.positionals(1, "wait N' or 'wait ud=U").getFirst();
                    steps.add(new Step.Wait(l.number, parseNumber(l, "wait " + n, n, 1, SetupFlags.IORING_MAX_CQ_ENTRIES)));
                }
            }
            case "app" -> app(l);
            default -> throw new IllegalStateException("command without a parser: " + l.command);
        }
    }

    private void setup(Line l) throws ScenarioSyntaxException {
        if (setup != null) {
            throw l.error("setup given twice (first on line " + setup.line() + ")");
        }
        l.allowKeys("entries", "cq_entries");
        int flags = 0;
        for (String w : l.words) {
            if (!w.equals("iopoll")) {
                throw l.error("unexpected '" + w + "'; expected 'setup entries=N [cq_entries=M] [iopoll]'");
            }
            flags |= SetupFlags.IORING_SETUP_IOPOLL;
        }
        int entries = number(l, "entries", 1, SetupFlags.IORING_MAX_ENTRIES);
        int cq = l.has("cq_entries") ? number(l, "cq_entries", 1, SetupFlags.IORING_MAX_CQ_ENTRIES) : 0;
        setup = new Scenario.Setup(l.number, entries, cq, flags);
    }

    private String declare(Line l, Kind kind) throws ScenarioSyntaxException {
        if (kind == Kind.NULLB && l.words.size() != 1) {
            throw l.error("expected 'nullb NAME size=S [poll_queues=N] [completion_nsec=T]'");
        }
        String name = kind == Kind.NULLB ? l.words.getFirst() : l.positionals(1, l.command + " NAME").getFirst();
        if (!NAME.matcher(name).matches()) {
            throw l.error("bad name '" + name + "': a name is letters, digits, '_' and '-', starting with a letter or '_'");
        }
        Declaration before = declared.get(name);
        if (before != null) {
            throw l.error("'" + name + "' is already declared on line " + before.line());
        }
        declared.put(name, new Declaration(kind, l.number));
        return name;
    }

    private void requireDeclared(Line l, String name, Kind kind) throws ScenarioSyntaxException {
        Declaration d = declared.get(name);
        if (d == null) {
            throw l.error("no " + kind.name().toLowerCase(java.util.Locale.ROOT) + " named '" + name + "' is declared above");
        }
        if (d.kind() != kind) {
            throw l.error("'" + name + "' is " + d.kind().article + " (line " + d.line() + "), not " + kind.article);
        }
    }

    /** {@code app write NAME.w N} or {@code app read NAME.r N}; a socket pair's end ({@code NAME.a}, {@code NAME.b}) for either. */
    private void app(Line l) throws ScenarioSyntaxException {
        List<String> w = l.positionals(3, "app write NAME.w N' or 'app read NAME.r N");
        String verb = w.get(0);
        if (!verb.equals("write") && !verb.equals("read")) {
            throw l.error("app " + verb + ": expected 'app write NAME.w N' or 'app read NAME.r N'");
        }
        String end = verb.equals("write") ? ".w" : ".r";
        String spelling = w.get(1);
        int dot = spelling.lastIndexOf('.');
        String name = dot > 0 ? spelling.substring(0, dot) : spelling;
        Declaration d = declared.get(name);
        boolean socket = d != null && d.kind() == Kind.SOCKETPAIR;
        if (socket && !spelling.substring(dot).equals(".a") && !spelling.substring(dot).equals(".b")) {
            throw l.error("app " + verb + " " + spelling + ": a socket pair's ends are " + name + ".a and " + name + ".b");
        }
        if (!socket && (dot <= 0 || !spelling.substring(dot).equals(end))) {
            throw l.error("app " + verb + " " + spelling + ": app " + verb + " takes a pipe's "
                    + (verb.equals("write") ? "write end NAME.w" : "read end NAME.r"));
        }
        if (!socket) {
            requireDeclared(l, name, Kind.PIPE);
        }
        int count = parseNumber(l, "app " + verb + " " + spelling + " " + w.get(2), w.get(2), 1, MAX_LEN);
        steps.add(verb.equals("write") ? new Step.AppWrite(l.number, spelling, count) : new Step.AppRead(l.number, spelling, count));
    }

    /** {@code fd=}: {@code NAME.r}, {@code NAME.w}, a socket pair's {@code NAME.a} or {@code NAME.b}, an eventfd's {@code NAME}, or a number. */
    private FdRef fd(Line l) throws ScenarioSyntaxException {
        String v = l.required("fd");
        if (SIGNED.matcher(v).matches()) {
            return new FdRef.Number(parseNumber(l, "fd=" + v, v, Integer.MIN_VALUE, Integer.MAX_VALUE));
        }
        int dot = v.lastIndexOf('.');
        String name = dot >= 0 ? v.substring(0, dot) : v;
        Declaration d = declared.get(name);
        if (d == null) {
            throw l.error("fd=" + v + ": nothing named '" + name + "' is declared above");
        }
        if (d.kind() == Kind.PIPE && dot < 0) {
            throw l.error("fd=" + v + ": '" + name + "' is a pipe: use " + name + ".r or " + name + ".w");
        }
        if (d.kind() == Kind.PIPE && !v.endsWith(".r") && !v.endsWith(".w")) {
            throw l.error("fd=" + v + ": a pipe's ends are " + name + ".r and " + name + ".w");
        }
        if (d.kind() == Kind.SOCKETPAIR && !v.equals(name + ".a") && !v.equals(name + ".b")) {
            throw l.error("fd=" + v + ": a socket pair's ends are " + name + ".a and " + name + ".b");
        }
        if (d.kind() != Kind.PIPE && d.kind() != Kind.SOCKETPAIR && dot >= 0) {
            throw l.error("fd=" + v + ": '" + name + "' is " + d.kind().article + ": use " + name);
        }
        return new FdRef.Declared(v);
    }

    /** {@code events=}: {@code IN}, {@code OUT} or both joined by {@code |}. */
    private static int events(Line l) throws ScenarioSyntaxException {
        String v = l.required("events");
        int mask = 0;
        for (String part : v.split("\\|", -1)) {
            int bit = switch (part) {
                case "IN" -> PollEvents.POLLIN;
                case "OUT" -> PollEvents.POLLOUT;
                default -> 0;
            };
            if (bit == 0 || (mask & bit) != 0) {
                throw l.error("events=" + v + ": expected IN, OUT or IN|OUT");
            }
            mask |= bit;
        }
        return mask;
    }

    /** A user_data: a decimal u64. */
    private static long userData(Line l, String key) throws ScenarioSyntaxException {
        String v = l.required(key);
        if (UNSIGNED.matcher(v).matches()) {
            try {
                return Long.parseUnsignedLong(v);
            } catch (NumberFormatException tooBig) {
                // reported below
            }
        }
        throw l.error(key + "=" + v + ": expected a decimal number from 0 to " + Long.toUnsignedString(-1L));
    }

    /** A result ({@code fail=}): a decimal int or a negative errno name such as {@code -EIO}. */
    private static int result(Line l, String key) throws ScenarioSyntaxException {
        String v = l.required(key);
        if (v.startsWith("-E")) {
            int errno = Errno.byName(v.substring(1));
            if (errno < 0) {
                throw l.error(key + "=" + v + ": unknown errno name (known: -EINVAL, -ECANCELED, -EBADF, -EIO, -ENOENT, "
                        + "-EFAULT, -EOPNOTSUPP, -EAGAIN, -ETIME...)");
            }
            return -errno;
        }
        if (!SIGNED.matcher(v).matches()) {
            throw l.error(key + "=" + v + ": expected a decimal number or a negative errno name such as -EIO");
        }
        return parseNumber(l, key + "=" + v, v, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    private static int number(Line l, String key, int min, int max) throws ScenarioSyntaxException {
        String v = l.required(key);
        return parseNumber(l, key + "=" + v, v, min, max);
    }

    private static int parseNumber(Line l, String what, String v, int min, int max) throws ScenarioSyntaxException {
        if (SIGNED.matcher(v).matches() && v.length() <= 12) {
            long n = Long.parseLong(v);
            if (n >= min && n <= max) {
                return (int) n;
            }
        }
        throw l.error(what + ": expected a decimal number from " + min + " to " + max);
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

    /** One non-empty line, split into its command, {@code key=value} arguments and bare words. */
    private final class Line {
        final int number;
        final String command;
        final Map<String, String> args = new LinkedHashMap<>();
        final List<String> words = new ArrayList<>();

        Line(int number, String text) throws ScenarioSyntaxException {
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
                } else if (!(poll && w.equals(MULTI))) {
                    throw error("unknown flag '" + w + "'; flags: " + String.join(", ", FLAG_WORDS.keySet())
                            + (poll ? ", " + MULTI : ""));
                }
            }
            return bits;
        }
    }
}
