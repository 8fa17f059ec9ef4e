package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Counter;
import org.junit.jupiter.api.Test;

class RingCountersTest {

    @Test
    void shouldNameCounterFieldsInCamelCase() {
        assertThat(RingCounters.fieldName(Counter.COMPLETION_LOCK)).isEqualTo("completionLock");
        assertThat(RingCounters.fieldName(Counter.EVENTFD_SIGNAL)).isEqualTo("eventfdSignal");
        assertThat(RingCounters.fieldName(Counter.ENTER)).isEqualTo("enter");
    }

    @Test
    void shouldDeclareOnlyRealCountersInNops32() {
        var names = java.util.Arrays.stream(Counter.values()).map(RingCounters::fieldName).toList();
        assertThat(java.util.Arrays.stream(Nops32Benchmark.Nops32Counters.class.getFields()).map(f -> f.getName()))
                .isNotEmpty().allMatch(names::contains);
    }
}
