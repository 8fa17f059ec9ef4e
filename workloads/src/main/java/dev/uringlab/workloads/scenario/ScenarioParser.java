package dev.uringlab.workloads.scenario;

import dev.uringlab.api.NopFlags;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.SetupFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
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
 *
 * <p>This class holds the commands and the names they declare; a line's words and values are
 * read by {@link ScenarioLine}, the file's bytes decoded by {@link ScenarioText}.
 */
public final class ScenarioParser {
    private static final List<String> COMMANDS = List.of("setup", "pipe", "socketpair", "tcppair", "eventfd", "nullb", "register-eventfd", "register-files",
            "register-buffers", "nop", "poll",
            "poll-remove", "read", "write", "opcode", "submit", "wait", "app", "reap");
    /** The largest {@code len=} or {@code app} count: a pipe holds 64 KiB by default, so this is plenty. */
    static final int MAX_LEN = 1 << 20;
    /** The most buffers {@code register-buffers} registers (IORING_MAX_REG_BUFFERS is 16384; a scenario needs few). */
    static final int MAX_BUFFERS = 64;
    /** The bare word that sets IORING_NOP_TW on a {@code nop}. */
    static final String TW = "tw";
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

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
        return ScenarioText.lines(path.toString(), Files.readAllBytes(path));
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
                parseLine(new ScenarioLine(file, i + 1, text));
            }
        }
        if (setup == null) {
            throw new ScenarioSyntaxException(file, 1, "no setup line: a scenario starts with 'setup entries=N'");
        }
        return new Scenario(file, setup, steps);
    }

    private void parseLine(ScenarioLine l) throws ScenarioSyntaxException {
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
                int size = l.number("size", 512, Integer.MAX_VALUE);
                if (size % 512 != 0) {
                    throw l.error("size=" + size + ": a multiple of the 512-byte block size");
                }
                int pollQueues = l.has("poll_queues") ? l.number("poll_queues", 0, 64) : 0;
                int nsec = l.has("completion_nsec") ? l.number("completion_nsec", 0, Integer.MAX_VALUE) : 0;
                steps.add(new Step.DeclareNullb(l.number, name, size, pollQueues, nsec));
            }
            case "register-eventfd" -> {
                String name = l.positionals(1, "register-eventfd NAME").getFirst();
                requireDeclared(l, name, Kind.EVENTFD);
                steps.add(new Step.RegisterEventfd(l.number, name));
            }
            case "register-files" -> {
                if (!l.args.isEmpty() || l.words.isEmpty()) {
                    throw l.error("expected 'register-files F [F...]'");
                }
                List<FdRef> files = new ArrayList<>();
                for (String w : l.words) {
                    files.add(fd(l, "register-files " + w, w));
                }
                steps.add(new Step.RegisterFiles(l.number, files));
            }
            case "register-buffers" -> {
                String n = l.positionals(1, "register-buffers N").getFirst();
                steps.add(new Step.RegisterBuffers(l.number, l.parseNumber("register-buffers " + n, n, 1, MAX_BUFFERS)));
            }
            case "nop" -> nop(l);
            case "poll" -> {
                l.allowKeys("ud", "fd", "events");
                long ud = l.userData("ud");
                FdRef fd = fd(l);
                int events = l.has("events") ? l.events() : PollEvents.POLLIN;
                boolean multi = l.words.contains(ScenarioLine.MULTI);
                steps.add(new Step.PollAdd(l.number, ud, fd, events, multi, l.flags(true)));
            }
            case "poll-remove" -> {
                l.allowKeys("ud", "target");
                steps.add(new Step.PollRemove(l.number, l.userData("ud"), l.userData("target"), l.flags(false)));
            }
            case "read", "write" -> {
                l.allowKeys("ud", "fd", "len", "off");
                int opcode = l.command.equals("read") ? Opcodes.IORING_OP_READ : Opcodes.IORING_OP_WRITE;
                long ud = l.userData("ud");
                FdRef fd = fd(l);
                int len = l.number("len", 0, MAX_LEN);
                int off = l.has("off") ? l.number("off", 0, Integer.MAX_VALUE) : 0;
                steps.add(new Step.ReadWrite(l.number, opcode, ud, fd, len, off, l.flags(false)));
            }
            case "opcode" -> {
                l.allowKeys("ud", "op", "flags");
                long ud = l.userData("ud");
                int op = l.number("op", 0, 255);
                int raw = l.has("flags") ? l.number("flags", 0, 255) : 0;
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
                    steps.add(new Step.WaitFor(l.number, l.userData("ud")));
                } else {
                    String n = l.positionals(1, "wait N' or 'wait ud=U").getFirst();
                    steps.add(new Step.Wait(l.number, l.parseNumber("wait " + n, n, 1, SetupFlags.IORING_MAX_CQ_ENTRIES)));
                }
            }
            case "app" -> app(l);
            default -> throw new IllegalStateException("command without a parser: " + l.command);
        }
    }

    /**
     * {@code nop ud=U [fail=R] [file=F | fixed_file=N] [buf=N] [tw] [nop_flags=B] [FLAGS]}: the
     * nop_flags of 6.13 and 6.17 (IORING_NOP_FILE, IORING_NOP_FIXED_FILE, IORING_NOP_FIXED_BUFFER,
     * IORING_NOP_TW) and raw bits for the bad-flag cases.
     */
    private void nop(ScenarioLine l) throws ScenarioSyntaxException {
        l.allowKeys("ud", "fail", "file", "fixed_file", "buf", "nop_flags");
        OptionalInt inject = l.has("fail") ? OptionalInt.of(l.result("fail")) : OptionalInt.empty();
        if (l.has("file") && l.has("fixed_file")) {
            throw l.error("nop: file= and fixed_file= name the same sqe->fd; give one");
        }
        int nopFlags = l.has("nop_flags") ? l.number("nop_flags", 0, Integer.MAX_VALUE) : 0;
        FdRef fd = null;
        if (l.has("file")) {
            nopFlags |= NopFlags.IORING_NOP_FILE;
            fd = fd(l, "file=" + l.args.get("file"), l.args.get("file"));
        } else if (l.has("fixed_file")) {
            nopFlags |= NopFlags.IORING_NOP_FILE | NopFlags.IORING_NOP_FIXED_FILE;
            fd = new FdRef.Number(l.number("fixed_file", Integer.MIN_VALUE, Integer.MAX_VALUE));
        }
        int buf = 0;
        if (l.has("buf")) {
            nopFlags |= NopFlags.IORING_NOP_FIXED_BUFFER;
            buf = l.number("buf", 0, 65535);
        }
        if (l.words.contains(TW)) {
            nopFlags |= NopFlags.IORING_NOP_TW;
        }
        steps.add(new Step.Nop(l.number, l.userData("ud"), inject, nopFlags, fd, buf, l.flagsWith(TW)));
    }

    private void setup(ScenarioLine l) throws ScenarioSyntaxException {
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
        int entries = l.number("entries", 1, SetupFlags.IORING_MAX_ENTRIES);
        int cq = l.has("cq_entries") ? l.number("cq_entries", 1, SetupFlags.IORING_MAX_CQ_ENTRIES) : 0;
        setup = new Scenario.Setup(l.number, entries, cq, flags);
    }

    private String declare(ScenarioLine l, Kind kind) throws ScenarioSyntaxException {
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

    private void requireDeclared(ScenarioLine l, String name, Kind kind) throws ScenarioSyntaxException {
        Declaration d = declared.get(name);
        if (d == null) {
            throw l.error("no " + kind.name().toLowerCase(java.util.Locale.ROOT) + " named '" + name + "' is declared above");
        }
        if (d.kind() != kind) {
            throw l.error("'" + name + "' is " + d.kind().article + " (line " + d.line() + "), not " + kind.article);
        }
    }

    /** {@code app write NAME.w N} or {@code app read NAME.r N}; a socket pair's end ({@code NAME.a}, {@code NAME.b}) for either. */
    private void app(ScenarioLine l) throws ScenarioSyntaxException {
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
        int count = l.parseNumber("app " + verb + " " + spelling + " " + w.get(2), w.get(2), 1, MAX_LEN);
        steps.add(verb.equals("write") ? new Step.AppWrite(l.number, spelling, count) : new Step.AppRead(l.number, spelling, count));
    }

    /** {@code fd=}: {@code NAME.r}, {@code NAME.w}, a socket pair's {@code NAME.a} or {@code NAME.b}, an eventfd's {@code NAME}, or a number. */
    private FdRef fd(ScenarioLine l) throws ScenarioSyntaxException {
        String v = l.required("fd");
        return fd(l, "fd=" + v, v);
    }

    /** A file named as {@code fd=} names it ({@code what} is how messages quote it). */
    private FdRef fd(ScenarioLine l, String what, String v) throws ScenarioSyntaxException {
        if (ScenarioLine.SIGNED.matcher(v).matches()) {
            return new FdRef.Number(l.parseNumber(what, v, Integer.MIN_VALUE, Integer.MAX_VALUE));
        }
        int dot = v.lastIndexOf('.');
        String name = dot >= 0 ? v.substring(0, dot) : v;
        Declaration d = declared.get(name);
        if (d == null) {
            throw l.error(what + ": nothing named '" + name + "' is declared above");
        }
        if (d.kind() == Kind.PIPE && dot < 0) {
            throw l.error(what + ": '" + name + "' is a pipe: use " + name + ".r or " + name + ".w");
        }
        if (d.kind() == Kind.PIPE && !v.endsWith(".r") && !v.endsWith(".w")) {
            throw l.error(what + ": a pipe's ends are " + name + ".r and " + name + ".w");
        }
        if (d.kind() == Kind.SOCKETPAIR && !v.equals(name + ".a") && !v.equals(name + ".b")) {
            throw l.error(what + ": a socket pair's ends are " + name + ".a and " + name + ".b");
        }
        if (d.kind() != Kind.PIPE && d.kind() != Kind.SOCKETPAIR && dot >= 0) {
            throw l.error(what + ": '" + name + "' is " + d.kind().article + ": use " + name);
        }
        return new FdRef.Declared(v);
    }
}
