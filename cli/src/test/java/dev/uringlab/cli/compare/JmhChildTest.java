package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.jmh.OneCpu;
import dev.uringlab.jmh.paired.PairedBenchmark;
import java.util.List;
import org.junit.jupiter.api.Test;

class JmhChildTest {
    @Test
    void shouldNameTheForksPropertiesAsTheJmhModuleReadsThem() {
        // the cli runs benchmarks.jar as a child and does not link the jmh module: the names are written twice, held equal here
        assertThat(JmhChild.CPU_PROPERTY).isEqualTo(OneCpu.CPU_PROPERTY);
        assertThat(PairedRaces.SLICES_PROPERTY).isEqualTo(PairedBenchmark.SLICES_PROPERTY);
    }

    @Test
    void shouldGiveEachFlagItsOwnPrependSoAPathWithASpaceStaysWhole() {
        assertThat(JmhChild.jvmArgs(List.of("-Da=1", "-XX:LogFile=/tmp/a b.log")))
                .containsExactly("-jvmArgsPrepend", "-Da=1", "-jvmArgsPrepend", "-XX:LogFile=/tmp/a b.log");
    }
}
