package dev.uringlab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.uringlab.cli.UringLabTest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every path a user gives means what it means in the user's shell (the launcher does not
 * change directory), and a file that cannot be used is one line in words, exit status 2.
 */
class UserPathsTest {
    @TempDir
    Path dir;

    private static final Path ROOT = Path.of(System.getProperty("uringlab.root", "..")).toAbsolutePath().normalize();

    /** Runs {@code command} in {@code cwd} and returns its exit status and output (stdout then stderr). */
    private static Result spawn(Path cwd, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("uring-lab-out", ".txt");
        Path err = Files.createTempFile("uring-lab-err", ".txt");
        try {
            Process p = new ProcessBuilder(command).directory(cwd.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("finished: " + command).isTrue();
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The launcher hands the CLI the user's directory and the path as typed (a stand-in JDK records both). */
    @Test
    void shouldRunTheCliInTheUsersDirectoryFromTheLauncher() throws Exception {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Files.copy(ROOT.resolve("uring-lab"), checkout.resolve("uring-lab"));
        Files.createDirectories(checkout.resolve("cli/target"));
        Files.createDirectories(checkout.resolve("jmh/target"));
        Files.writeString(checkout.resolve("cli/target/uring-lab.jar"), "");
        Files.writeString(checkout.resolve("jmh/target/benchmarks.jar"), "");
        Path bin = Files.createDirectories(dir.resolve("jdk/bin"));
        executable(bin.resolve("javac"), "#!/bin/sh\nexit 0\n");
        executable(bin.resolve("java"), """
                #!/bin/sh
                case "$1" in -XshowSettings*) echo '    java.specification.version = 25' >&2; exit 0;; esac
                echo "cwd=$PWD"
                echo "args=$*"
                """);
        Path user = Files.createDirectories(dir.resolve("user"));
        List<String> cmd = List.of("env", "JAVA_HOME=" + dir.resolve("jdk"), "bash", checkout.resolve("uring-lab").toString(),
                "run", "mine/nop.scn");
        Result r = spawn(user, cmd);
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("cwd=" + user.toRealPath()).contains("-jar " + checkout.resolve("cli/target/uring-lab.jar")
                + " run mine/nop.scn");
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The CLI as the launcher runs it (same JVM flags, the user's directory), on a relative path. */
    @Test
    void shouldRunARelativeScenarioPathFromAnotherDirectory() throws Exception {
        Path user = Files.createDirectories(dir.resolve("elsewhere"));
        Files.createDirectories(user.resolve("mine"));
        Files.copy(ROOT.resolve("scenarios/link-fail-middle.scn"), user.resolve("mine/lfm.scn"));
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.addAll(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                "-cp", System.getProperty("java.class.path"), UringLab.class.getName(), "run", "mine/lfm.scn"));
        Result r = spawn(user, cmd);
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(ROOT.resolve("scenarios/link-fail-middle.expected")));
    }

    @Test
    void shouldSayNoSuchFileForAMissingScenario() {
        Path f = dir.resolve("missing.scn");
        Result r = UringLabTest.execute("run", f.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).isEqualTo(f + ": no such file" + System.lineSeparator());
    }

    @Test
    void shouldSayIsADirectoryForADirectory() {
        Result r = UringLabTest.execute("run", dir.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).isEqualTo(dir + ": is a directory" + System.lineSeparator());
    }

    @Test
    void shouldGiveTheLineWhereABinaryFileStopsBeingText() throws IOException {
        Path f = dir.resolve("ls");
        Files.write(f, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, (byte) 0x90, (byte) 0xff, 0, 0});
        Result r = UringLabTest.execute("run", f.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo(f + ":1: not UTF-8 text" + System.lineSeparator());
    }

    @Test
    void shouldAcceptAByteOrderMark() throws IOException {
        Path f = dir.resolve("bom.scn");
        Files.write(f, ("\uFEFF" + Files.readString(ROOT.resolve("scenarios/nop.scn"))).getBytes(StandardCharsets.UTF_8));
        Result r = UringLabTest.execute("run", f.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(ROOT.resolve("scenarios/nop.expected")));
    }

    @Test
    void shouldSayIsADirectoryForAnOutputThatIsADirectory() throws IOException {
        Path out = Files.createDirectories(dir.resolve("report.html"));
        Files.writeString(out.resolve("keep.txt"), "x");
        Path run = ROOT.resolve("reports/src/test/resources/fixtures/run-a/jmh.json");
        Result r = UringLabTest.execute("report", run.toString(), "-o", out.toString());
        assertThat(r.err()).isEqualTo("uring-lab report: cannot write " + out + ": is a directory" + System.lineSeparator());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(out.resolve("keep.txt")).exists();
    }

    /**
     * An output the user cannot write: a read-only directory, or (for root, whom file modes do
     * not stop) sysfs, where nobody may create a file.
     */
    @Test
    void shouldSayPermissionDeniedForAnUnwritableOutputWithoutATemporaryName() throws IOException {
        Path readOnly = Files.createDirectories(dir.resolve("ro"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        Path out = Files.isWritable(readOnly) ? Path.of("/sys/uring-lab-report.html") : readOnly.resolve("report.html");
        assumeFalse(Files.isWritable(out.getParent()) && !out.startsWith("/sys"), "nothing on this machine denies a write");
        Path run = ROOT.resolve("reports/src/test/resources/fixtures/run-a/jmh.json");
        Result r = UringLabTest.execute("report", run.toString(), "-o", out.toString());
        assertThat(r.err()).isEqualTo("uring-lab report: cannot write " + out + ": permission denied" + System.lineSeparator());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(out).doesNotExist();
    }
}
