package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.reports.input.KernelCounted;
import dev.uringlab.spi.Counter;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** reports' list of kernel-counted secondaries is the registry's: every {@link Counter} with a tracepoint, by its JMH field name. */
class KernelCountedTest {
    @Test
    void shouldListExactlyTheCountersWithATracepoint() {
        assertThat(KernelCounted.SECONDARIES).isEqualTo(Arrays.stream(Counter.values()).filter(c -> c.tracepoint().isPresent())
                .map(KernelCountedTest::fieldName).collect(Collectors.toSet()));
    }

    @Test
    void shouldCallANativeZeroCountedOnlyWhereTheKernelCountedThePoint() {
        Map<String, Double> counted = Map.of("enter", 0.03, "cqOverflow", 0.0, "completionLock", 0.0);
        assertThat(KernelCounted.counted("cqOverflow", counted)).isTrue();
        assertThat(KernelCounted.counted("completionLock", counted)).as("no tracepoint").isFalse();
        assertThat(KernelCounted.counted("cqOverflow", Map.of("enter", 0.0, "cqOverflow", 0.0))).as("not a counting fork").isFalse();
    }

    /** As jmh's RingCounters names the field: the metric name in camelCase. */
    private static String fieldName(Counter c) {
        String[] words = c.metricName().split("-");
        StringBuilder sb = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            sb.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return sb.toString();
    }
}
