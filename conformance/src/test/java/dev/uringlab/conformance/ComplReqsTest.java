package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.TraceEvent;
import dev.uringlab.spi.trace.TracePoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code submit_state.compl_reqs} as each profile's kernel kept it, seen from one submission of
 * 70 NOPs: 5.14 and 5.15 an array of IO_COMPL_BATCH = 32 that the request filling it flushes at
 * once, before the next SQE is read (v5.15 fs/io_uring.c:322, 6968-6970; v5.14 :310, 6482-6484),
 * so three flushes of 32, 32 and 6; from the 2021-09-24 rework on (for-5.16, 5.16.10 :318, :1558;
 * v6.1-rc7 include/linux/io_uring_types.h:171, io_uring/io_uring.h:312-320) a list, flushed once
 * at the end of the submission with all 70; 5.6 none, each NOP posted as it completes.
 */
class ComplReqsTest {
    private static final int NOPS = 70;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "linux-5.6, 70x1",
            "linux-5.14, 32 32 6",
            "linux-5.15, 32 32 6",
            "for-5.16-2021-10-04, 70",
            "linux-6.1, 70",
            "linux-6.18, 70",
    })
    void shouldFlushAFullArrayAtOnceAndAListAtTheEndOfTheSubmission(String profile, String flushes) throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        RingConfig config = RingConfig.builder(128).profile(profile).deterministic(true).trace(events::add).build();
        try (Ring ring = Rings.open("emulated", config)) {
            for (int i = 0; i < NOPS; i++) {
                ring.getSqe().prepNop().userData(i);
            }
            assertThat(ring.submit()).isEqualTo(NOPS);

            List<Long> sizes = events.stream().filter(e -> e.point() == TracePoint.IO_SUBMIT_FLUSH_COMPLETIONS)
                    .map(e -> e.arg("nr")).toList();
            assertThat(sizes).as("the requests of each flush").containsExactlyElementsOf(expected(flushes));
            assertThat(ring.counters().get(Counter.CQ_COMMIT)).as("one commit per flush").isEqualTo(sizes.size());
            if (sizes.size() == 3) {
                assertThat(nextAfterDefer(events, 31)).as("the 32nd request's join flushes the array, the request with it")
                        .isEqualTo(TracePoint.IO_SUBMIT_FLUSH_COMPLETIONS);
            }
            List<Long> userData = new ArrayList<>();
            ring.cq().forEach((ud, res, flags) -> userData.add(ud));
            assertThat(userData).containsExactlyElementsOf(IntStream.range(0, NOPS).mapToObj(i -> (long) i).toList());
        }
    }

    /** "32 32 6" as numbers; "70x1" as seventy ones. */
    private static List<Long> expected(String flushes) {
        if (flushes.contains("x")) {
            String[] nx = flushes.split("x");
            return Collections.nCopies(Integer.parseInt(nx[0]), Long.parseLong(nx[1]));
        }
        return Arrays.stream(flushes.split(" ")).map(Long::parseLong).toList();
    }

    /** The trace point of the first event after request {@code ud} joined compl_reqs. */
    private static TracePoint nextAfterDefer(List<TraceEvent> events, long ud) {
        for (int i = 0; i < events.size() - 1; i++) {
            TraceEvent e = events.get(i);
            if (e.point() == TracePoint.IO_REQ_COMPLETE_DEFER && e.arg("ud") == ud) {
                return events.get(i + 1).point();
            }
        }
        throw new AssertionError("request " + ud + " never joined compl_reqs");
    }
}
