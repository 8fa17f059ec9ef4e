package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForkFlagsTest {

    @Test
    void shouldKeepEveryOutOfLineMethodOutOfLineInTheForks() {
        assertThat(ForkFlags.jvmArgs()).contains("--enable-native-access=ALL-UNNAMED",
                "-XX:CompileCommand=dontinline,dev.uringlab.core.IoRingCtx::enter",
                "-XX:CompileCommand=dontinline,dev.uringlab.core.IoSubmit::ioSubmitSqes",
                "-XX:CompileCommand=dontinline,dev.uringlab.workloads.*::submitAndReap",
                "-XX:CompileCommand=inline,*.ioSubmitSqe", "-XX:CompileCommand=inline,*.ioFillCqeReq");
    }

    @Test
    void shouldAppendTheCallersOwnJvmArgsAfterTheFlags() {
        List<String> args = Arrays.asList(ForkFlags.withForkFlags(new String[] {"RegbBenchmark", "-jvmArgsAppend", "-Xmx1g", "-f", "1"}));
        assertThat(args).startsWith("RegbBenchmark").contains("-f", "1");
        assertThat(args).filteredOn("-jvmArgsAppend"::equals).hasSize(1);
        String append = args.get(args.indexOf("-jvmArgsAppend") + 1);
        assertThat(append).startsWith("--enable-native-access=ALL-UNNAMED ").endsWith(" -Xmx1g")
                .contains("dontinline,dev.uringlab.core.IoWait::ioCqringWait");
    }
}
