package dev.uringlab.jmh.paired;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SliceLogTest {
    @Test
    void shouldWriteEachSliceUnderItsColumnWithTheArmsCpuTimeAfterTheBenchmarkThreads(@TempDir Path dir) throws Exception {
        SliceLog log = new SliceLog();
        log.add(1, 0, 5_000, 20_000_000, 640, 19_000_000, 19_000_000, 0);
        log.add(1, 1, 20_005_000, 20_000_000, 600, 4_000_000, 31_000_000, 2);
        log.add(2, 0, 40_005_000, 20_000_000, 640, 19_000_000, -1, -1);
        Path csv = dir.resolve("slices.csv");
        log.write(csv);
        assertThat(Files.readAllLines(csv)).containsExactly(
                "iteration,arm,start_ns,ns,ops,cpu_ns,arm_cpu_ns,threads",
                "1,a,0,20000000,640,19000000,19000000,0",
                "1,b,20000000,20000000,600,4000000,31000000,2",
                "2,a,40000000,20000000,640,19000000,-1,-1");
        assertThat(log.size()).isEqualTo(3);
    }
}
