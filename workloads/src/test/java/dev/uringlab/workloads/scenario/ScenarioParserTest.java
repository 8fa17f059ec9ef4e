package dev.uringlab.workloads.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.NopFlags;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.SqeFlags;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioParserTest {

    private static Scenario parse(String text) throws ScenarioSyntaxException {
        return ScenarioParser.parse("t.scn", Arrays.asList(text.split("\n", -1)));
    }

    @Test
    void shouldReadEveryCommandIntoItsStep() throws Exception {
        Scenario s = parse("""
                # a comment line
                setup entries=4 cq_entries=8   # trailing comment
                pipe p
                eventfd e
                register-eventfd e

                nop ud=1 link
                nop fail=-ECANCELED ud=2 hardlink drain
                nop ud=3 fail=7 async skip
                poll ud=4 fd=p.r multi
                poll ud=5 fd=p.w events=OUT
                poll ud=6 fd=e events=IN|OUT link
                poll-remove ud=7 target=4
                read ud=8 fd=p.r len=16
                write ud=9 fd=p.w len=0 link
                read ud=10 fd=-1 len=1
                opcode ud=18446744073709551615 op=200
                opcode ud=12 op=0 flags=128 link
                submit
                wait 2
                app write p.w 3
                app read p.r 3
                reap
                wait ud=9
                """);
        assertThat(s.file()).isEqualTo("t.scn");
        assertThat(s.setup()).isEqualTo(new Scenario.Setup(2, 4, 8));
        int link = SqeFlags.IOSQE_IO_LINK;
        assertThat(s.steps()).containsExactly(
                new Step.DeclarePipe(3, "p"),
                new Step.DeclareEventfd(4, "e"),
                new Step.RegisterEventfd(5, "e"),
                new Step.Nop(7, 1, OptionalInt.empty(), link),
                new Step.Nop(8, 2, OptionalInt.of(-125), SqeFlags.IOSQE_IO_HARDLINK | SqeFlags.IOSQE_IO_DRAIN),
                new Step.Nop(9, 3, OptionalInt.of(7), SqeFlags.IOSQE_ASYNC | SqeFlags.IOSQE_CQE_SKIP_SUCCESS),
                new Step.PollAdd(10, 4, new FdRef.Declared("p.r"), PollEvents.POLLIN, true, 0),
                new Step.PollAdd(11, 5, new FdRef.Declared("p.w"), PollEvents.POLLOUT, false, 0),
                new Step.PollAdd(12, 6, new FdRef.Declared("e"), PollEvents.POLLIN | PollEvents.POLLOUT, false, link),
                new Step.PollRemove(13, 7, 4, 0),
                new Step.ReadWrite(14, Opcodes.IORING_OP_READ, 8, new FdRef.Declared("p.r"), 16, 0),
                new Step.ReadWrite(15, Opcodes.IORING_OP_WRITE, 9, new FdRef.Declared("p.w"), 0, link),
                new Step.ReadWrite(16, Opcodes.IORING_OP_READ, 10, new FdRef.Number(-1), 1, 0),
                new Step.RawSqe(17, -1L, 200, 0),
                new Step.RawSqe(18, 12, 0, 128 | link),
                new Step.Submit(19),
                new Step.Wait(20, 2),
                new Step.AppWrite(21, "p.w", 3),
                new Step.AppRead(22, "p.r", 3),
                new Step.Reap(23),
                new Step.WaitFor(24, 9));
    }

    @Test
    void shouldReadTheNopFlagsAndTheRegistrations() throws Exception {
        Scenario s = parse("""
                setup entries=4
                pipe p
                register-files p.r p.w 7
                register-buffers 2
                nop ud=1 file=p.r
                nop ud=2 fixed_file=1 tw link
                nop ud=3 buf=1 fail=-EIO
                nop ud=4 tw nop_flags=64
                nop ud=5 file=-1
                """);
        int file = NopFlags.IORING_NOP_FILE;
        assertThat(s.steps()).containsExactly(
                new Step.DeclarePipe(2, "p"),
                new Step.RegisterFiles(3, List.of(new FdRef.Declared("p.r"), new FdRef.Declared("p.w"), new FdRef.Number(7))),
                new Step.RegisterBuffers(4, 2),
                new Step.Nop(5, 1, OptionalInt.empty(), file, new FdRef.Declared("p.r"), 0, 0),
                new Step.Nop(6, 2, OptionalInt.empty(), file | NopFlags.IORING_NOP_FIXED_FILE | NopFlags.IORING_NOP_TW,
                        new FdRef.Number(1), 0, SqeFlags.IOSQE_IO_LINK),
                new Step.Nop(7, 3, OptionalInt.of(-5), NopFlags.IORING_NOP_FIXED_BUFFER, null, 1, 0),
                new Step.Nop(8, 4, OptionalInt.empty(), NopFlags.IORING_NOP_TW | 64, null, 0, 0),
                new Step.Nop(9, 5, OptionalInt.empty(), file, new FdRef.Number(-1), 0, 0));
    }

    @Test
    void shouldDefaultCqEntriesToZeroMeaningTwiceTheSq() throws Exception {
        assertThat(parse("setup entries=2").setup()).isEqualTo(new Scenario.Setup(1, 2, 0));
    }

    @Test
    void shouldKeepTheStepListImmutable() throws Exception {
        Scenario s = parse("setup entries=2\nsubmit");
        assertThatThrownBy(() -> s.steps().add(new Step.Reap(3))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldNameTheFileAsGivenWhenReadFromDisk(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.scn");
        Files.writeString(f, "setup entries=4\nnop\n");
        assertThatThrownBy(() -> ScenarioParser.parse(f))
                .isInstanceOf(ScenarioSyntaxException.class)
                .hasMessage(f + ":2: nop: missing ud=")
                .satisfies(e -> {
                    ScenarioSyntaxException se = (ScenarioSyntaxException) e;
                    assertThat(se.file()).isEqualTo(f.toString());
                    assertThat(se.line()).isEqualTo(2);
                    assertThat(se.reason()).isEqualTo("nop: missing ud=");
                });
    }

    @Test
    void shouldNameTheLineWhereAFileStopsBeingUtf8(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("binary.scn");
        byte[] text = "setup entries=4\nnop ud=1\n".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = Arrays.copyOf(text, text.length + 3);
        bytes[text.length] = (byte) 0xC3; // a lead byte without its continuation
        bytes[text.length + 1] = '(';
        bytes[text.length + 2] = '\n';
        Files.write(f, bytes);
        assertThatThrownBy(() -> ScenarioParser.parse(f)).isInstanceOf(ScenarioSyntaxException.class)
                .hasMessage(f + ":3: not UTF-8 text");
    }

    @Test
    void shouldSayLineOneForAnElfBinary(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("a.out");
        Files.write(f, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0x90, (byte) 0xff, 0, 0});
        assertThatThrownBy(() -> ScenarioParser.parse(f)).hasMessage(f + ":1: not UTF-8 text");
    }

    @Test
    void shouldCallANulByteNotText(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("zeros.scn");
        Files.write(f, "setup entries=4\n\0\0\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> ScenarioParser.parse(f)).hasMessage(f + ":2: not text (a NUL byte)");
    }

    @Test
    void shouldAcceptAUtf8ByteOrderMark(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bom.scn");
        Files.writeString(f, "\uFEFFsetup entries=4\nnop ud=1\nsubmit\n");
        Scenario sc = ScenarioParser.parse(f);
        assertThat(sc.setup().entries()).isEqualTo(4);
        assertThat(sc.steps()).hasSize(2);
    }

    static Stream<Arguments> errors() {
        String s = "setup entries=4\n";
        String p = s + "pipe p\n";
        return Stream.of(
                // setup
                Arguments.of("", "t.scn:1: no setup line: a scenario starts with 'setup entries=N'"),
                Arguments.of("# only a comment\n\n", "t.scn:1: no setup line: a scenario starts with 'setup entries=N'"),
                Arguments.of("\n\nnop ud=1\nsetup entries=4", "t.scn:3: 'nop' before setup: setup must come first"),
                Arguments.of("pipe p\nsetup entries=4", "t.scn:1: 'pipe' before setup: setup must come first"),
                Arguments.of(s + "setup entries=4", "t.scn:2: setup given twice (first on line 1)"),
                Arguments.of("setup", "t.scn:1: setup: missing entries="),
                Arguments.of("setup entries=0", "t.scn:1: entries=0: expected a decimal number from 1 to 32768"),
                Arguments.of("setup entries=32769", "t.scn:1: entries=32769: expected a decimal number from 1 to 32768"),
                Arguments.of("setup entries=four", "t.scn:1: entries=four: expected a decimal number from 1 to 32768"),
                Arguments.of("setup entries=4 cq_entries=65537", "t.scn:1: cq_entries=65537: expected a decimal number from 1 to 65536"),
                Arguments.of("setup entries=4 sq=2", "t.scn:1: unknown argument 'sq=' for setup; setup takes entries=, cq_entries="),
                Arguments.of("setup entries=4 now", "t.scn:1: unexpected 'now'; expected 'setup entries=N [cq_entries=M] [iopoll]'"),
                // commands and arguments
                Arguments.of(s + "nopp ud=1", "t.scn:2: unknown command 'nopp'; commands: setup, pipe, socketpair, tcppair, eventfd, nullb, register-eventfd, "
                        + "register-files, register-buffers, nop, poll, poll-remove, read, write, opcode, submit, wait, app, reap"),
                Arguments.of("frobnicate", "t.scn:1: unknown command 'frobnicate'; commands: setup, pipe, socketpair, tcppair, eventfd, "
                        + "nullb, register-eventfd, register-files, register-buffers, nop, poll, poll-remove, read, write, opcode, submit, wait, app, reap"),
                Arguments.of(s + "nop", "t.scn:2: nop: missing ud="),
                Arguments.of(s + "nop link", "t.scn:2: nop: missing ud="),
                Arguments.of(s + "poll fd=3", "t.scn:2: poll: missing ud="),
                Arguments.of(s + "poll-remove target=1", "t.scn:2: poll-remove: missing ud="),
                Arguments.of(s + "read fd=3 len=1", "t.scn:2: read: missing ud="),
                Arguments.of(s + "write fd=3 len=1", "t.scn:2: write: missing ud="),
                Arguments.of(s + "opcode op=1", "t.scn:2: opcode: missing ud="),
                Arguments.of(s + "poll ud=1", "t.scn:2: poll: missing fd="),
                Arguments.of(s + "read ud=1 fd=3", "t.scn:2: read: missing len="),
                Arguments.of(s + "poll-remove ud=1", "t.scn:2: poll-remove: missing target="),
                Arguments.of(s + "opcode ud=1", "t.scn:2: opcode: missing op="),
                Arguments.of(s + "nop ud=1 ud=2", "t.scn:2: ud= given twice"),
                Arguments.of(s + "nop ud=1 =2", "t.scn:2: '=2': an argument is key=value"),
                Arguments.of(s + "nop ud=1 fd=3", "t.scn:2: unknown argument 'fd=' for nop; nop takes ud=, fail=, file=, fixed_file=, buf=, nop_flags="),
                Arguments.of(p + "nop ud=1 file=p.r fixed_file=0", "t.scn:3: nop: file= and fixed_file= name the same sqe->fd; give one"),
                Arguments.of(s + "nop ud=1 file=q.r", "t.scn:2: file=q.r: nothing named 'q' is declared above"),
                Arguments.of(p + "nop ud=1 file=p", "t.scn:3: file=p: 'p' is a pipe: use p.r or p.w"),
                Arguments.of(s + "nop ud=1 buf=65536", "t.scn:2: buf=65536: expected a decimal number from 0 to 65535"),
                Arguments.of(s + "nop ud=1 nop_flags=-1", "t.scn:2: nop_flags=-1: expected a decimal number from 0 to 2147483647"),
                Arguments.of(s + "nop ud=1 tw tw", "t.scn:2: flag 'tw' given twice"),
                Arguments.of(s + "register-files", "t.scn:2: expected 'register-files F [F...]'"),
                Arguments.of(s + "register-files fd=3", "t.scn:2: expected 'register-files F [F...]'"),
                Arguments.of(s + "register-files q.r", "t.scn:2: register-files q.r: nothing named 'q' is declared above"),
                Arguments.of(s + "register-buffers", "t.scn:2: expected 'register-buffers N'"),
                Arguments.of(s + "register-buffers 0", "t.scn:2: register-buffers 0: expected a decimal number from 1 to 64"),
                Arguments.of(s + "read ud=1 fd=3 len=1 pos=4", "t.scn:2: unknown argument 'pos=' for read; read takes ud=, fd=, len=, off="),
                Arguments.of(s + "nullb d", "t.scn:2: nullb: missing size="),
                Arguments.of(s + "nullb d size=1000", "t.scn:2: size=1000: a multiple of the 512-byte block size"),
                Arguments.of(s + "nullb size=512", "t.scn:2: expected 'nullb NAME size=S [poll_queues=N] [completion_nsec=T]'"),
                Arguments.of(s + "nullb d size=512\nread ud=1 fd=d.r len=1", "t.scn:3: fd=d.r: 'd' is a block device: use d"),
                Arguments.of(s + "submit 3", "t.scn:2: expected 'submit'"),
                Arguments.of(s + "reap all", "t.scn:2: expected 'reap'"),
                Arguments.of(s + "wait", "t.scn:2: expected 'wait N' or 'wait ud=U'"),
                Arguments.of(s + "wait n=2", "t.scn:2: expected 'wait N' or 'wait ud=U'"),
                Arguments.of(s + "wait ud=3 2", "t.scn:2: expected 'wait N' or 'wait ud=U'"),
                Arguments.of(s + "wait ud=3 n=2", "t.scn:2: unknown argument 'n=' for wait; wait takes ud="),
                Arguments.of(s + "pipe", "t.scn:2: expected 'pipe NAME'"),
                Arguments.of(s + "pipe a b", "t.scn:2: expected 'pipe NAME'"),
                Arguments.of(s + "eventfd", "t.scn:2: expected 'eventfd NAME'"),
                Arguments.of(s + "register-eventfd", "t.scn:2: expected 'register-eventfd NAME'"),
                // numbers and errno names
                Arguments.of(s + "nop ud=abc", "t.scn:2: ud=abc: expected a decimal number from 0 to 18446744073709551615"),
                Arguments.of(s + "nop ud=-1", "t.scn:2: ud=-1: expected a decimal number from 0 to 18446744073709551615"),
                Arguments.of(s + "nop ud=18446744073709551616", "t.scn:2: ud=18446744073709551616: expected a decimal number from 0 to 18446744073709551615"),
                Arguments.of(s + "poll-remove ud=1 target=x", "t.scn:2: target=x: expected a decimal number from 0 to 18446744073709551615"),
                Arguments.of(s + "nop ud=1 fail=-EFOO", "t.scn:2: fail=-EFOO: unknown errno name (known: -EINVAL, -ECANCELED, -EBADF, -EIO, -ENOENT, "
                        + "-EFAULT, -EOPNOTSUPP, -EAGAIN, -ETIME...)"),
                Arguments.of(s + "nop ud=1 fail=EIO", "t.scn:2: fail=EIO: expected a decimal number or a negative errno name such as -EIO"),
                Arguments.of(s + "nop ud=1 fail=1x", "t.scn:2: fail=1x: expected a decimal number or a negative errno name such as -EIO"),
                Arguments.of(s + "nop ud=1 fail=2147483648", "t.scn:2: fail=2147483648: expected a decimal number from -2147483648 to 2147483647"),
                Arguments.of(s + "opcode ud=1 op=256", "t.scn:2: op=256: expected a decimal number from 0 to 255"),
                Arguments.of(s + "opcode ud=1 op=0 flags=256", "t.scn:2: flags=256: expected a decimal number from 0 to 255"),
                Arguments.of(p + "read ud=1 fd=p.r len=-1", "t.scn:3: len=-1: expected a decimal number from 0 to 1048576"),
                Arguments.of(p + "read ud=1 fd=p.r len=1048577", "t.scn:3: len=1048577: expected a decimal number from 0 to 1048576"),
                Arguments.of(s + "wait 0", "t.scn:2: wait 0: expected a decimal number from 1 to 65536"),
                Arguments.of(s + "wait x", "t.scn:2: wait x: expected a decimal number from 1 to 65536"),
                Arguments.of(p + "poll ud=1 fd=p.r events=PRI", "t.scn:3: events=PRI: expected IN, OUT or IN|OUT"),
                Arguments.of(p + "poll ud=1 fd=p.r events=IN|IN", "t.scn:3: events=IN|IN: expected IN, OUT or IN|OUT"),
                Arguments.of(p + "poll ud=1 fd=p.r events=", "t.scn:3: events=: expected IN, OUT or IN|OUT"),
                // flag words
                Arguments.of(s + "nop ud=1 lnk", "t.scn:2: unknown flag 'lnk'; flags: link, hardlink, drain, async, skip, tw"),
                Arguments.of(s + "nop ud=1 multi", "t.scn:2: unknown flag 'multi'; flags: link, hardlink, drain, async, skip, tw"),
                Arguments.of(p + "poll ud=1 fd=p.r tw", "t.scn:3: unknown flag 'tw'; flags: link, hardlink, drain, async, skip, multi"),
                Arguments.of(p + "poll ud=1 fd=p.r multishot", "t.scn:3: unknown flag 'multishot'; flags: link, hardlink, drain, async, skip, multi"),
                Arguments.of(s + "nop ud=1 link link", "t.scn:2: flag 'link' given twice"),
                // names
                Arguments.of(p + "pipe p", "t.scn:3: 'p' is already declared on line 2"),
                Arguments.of(p + "eventfd p", "t.scn:3: 'p' is already declared on line 2"),
                Arguments.of(s + "pipe p.r", "t.scn:2: bad name 'p.r': a name is letters, digits, '_' and '-', starting with a letter or '_'"),
                Arguments.of(s + "eventfd 9e", "t.scn:2: bad name '9e': a name is letters, digits, '_' and '-', starting with a letter or '_'"),
                Arguments.of(s + "register-eventfd e", "t.scn:2: no eventfd named 'e' is declared above"),
                Arguments.of(p + "register-eventfd p", "t.scn:3: 'p' is a pipe (line 2), not an eventfd"),
                Arguments.of(s + "register-eventfd e\neventfd e", "t.scn:2: no eventfd named 'e' is declared above"),
                // fd=
                Arguments.of(s + "poll ud=1 fd=q.r", "t.scn:2: fd=q.r: nothing named 'q' is declared above"),
                Arguments.of(s + "poll ud=1 fd=p.r\npipe p", "t.scn:2: fd=p.r: nothing named 'p' is declared above"),
                Arguments.of(p + "poll ud=1 fd=p", "t.scn:3: fd=p: 'p' is a pipe: use p.r or p.w"),
                Arguments.of(p + "read ud=1 fd=p.x len=1", "t.scn:3: fd=p.x: a pipe's ends are p.r and p.w"),
                Arguments.of(s + "eventfd e\npoll ud=1 fd=e.r", "t.scn:3: fd=e.r: 'e' is an eventfd: use e"),
                Arguments.of(s + "poll ud=1 fd=99999999999", "t.scn:2: fd=99999999999: expected a decimal number from -2147483648 to 2147483647"),
                // app
                Arguments.of(p + "app write p.w", "t.scn:3: expected 'app write NAME.w N' or 'app read NAME.r N'"),
                Arguments.of(p + "app send p.w 1", "t.scn:3: app send: expected 'app write NAME.w N' or 'app read NAME.r N'"),
                Arguments.of(p + "app write p.r 1", "t.scn:3: app write p.r: app write takes a pipe's write end NAME.w"),
                Arguments.of(p + "app read p.w 1", "t.scn:3: app read p.w: app read takes a pipe's read end NAME.r"),
                Arguments.of(p + "app read p 1", "t.scn:3: app read p: app read takes a pipe's read end NAME.r"),
                Arguments.of(s + "app write q.w 1", "t.scn:2: no pipe named 'q' is declared above"),
                Arguments.of(s + "eventfd e\napp read e.r 1", "t.scn:3: 'e' is an eventfd (line 2), not a pipe"),
                Arguments.of(s + "socketpair k\napp write k.w 1", "t.scn:3: app write k.w: a socket pair's ends are k.a and k.b"),
                Arguments.of(s + "socketpair k\npoll ud=1 fd=k", "t.scn:3: fd=k: a socket pair's ends are k.a and k.b"),
                Arguments.of(p + "app write p.w 0", "t.scn:3: app write p.w 0: expected a decimal number from 1 to 1048576"),
                Arguments.of(p + "app read p.r many", "t.scn:3: app read p.r many: expected a decimal number from 1 to 1048576"));
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("errors")
    void shouldReportEveryErrorAsFileLineMessage(String text, String message) {
        assertThatThrownBy(() -> parse(text)).isInstanceOf(ScenarioSyntaxException.class).hasMessage(message);
    }

    @Test
    void shouldReportTheFirstErrorOfTheFileBeforeLaterOnes() {
        assertThatThrownBy(() -> parse("setup entries=4\nnop ud=x\nbogus\n"))
                .hasMessage("t.scn:2: ud=x: expected a decimal number from 0 to 18446744073709551615");
    }

    @Test
    void shouldParseEveryScenarioOfTheSuite() throws IOException {
        Path root = Path.of(System.getProperty("uringlab.root", "..")).resolve("scenarios");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(f -> f.toString().endsWith(".scn")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(30);
        for (Path f : files) {
            try {
                Scenario sc = ScenarioParser.parse(f);
                assertThat(sc.steps()).as(f.toString()).isNotEmpty();
            } catch (ScenarioSyntaxException e) {
                throw new AssertionError(e.getMessage(), e);
            }
        }
    }
}
