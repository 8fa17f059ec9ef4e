package dev.uringlab.conformance;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.PollEvents.POLLIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.trace.TraceEvent;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where a multishot poll is re-armed in its CQE's locked section, under each 5.x profile: 5.14's
 * io_poll_task_func commits the CQ tail in io_poll_complete and re-adds the entry to the
 * waitqueue after it (v5.14 fs/io_uring.c:4968 -> 4954, then :4974), all under spin_lock_irq
 * (:4889); 5.15 re-adds it between the fill and the commit ("io_uring: fix possible poll event
 * lost in multi shot mode", v5.15 fs/io_uring.c:5375-5384), under a plain spin_lock. The trace of
 * the task work that one write to the pipe causes shows the order.
 */
class PollRearmOrderTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "linux-5.14|irq spin_lock_irq(completion_lock), locked spin_lock(completion_lock), call io_cqring_fill_event,"
            + " shared-write io_commit_cqring, list add_wait_queue(rd_wait), spin_unlock(completion_lock)",
        "linux-5.15|locked spin_lock(completion_lock), call io_cqring_fill_event, list add_wait_queue(rd_wait),"
            + " shared-write io_commit_cqring, spin_unlock(completion_lock)"})
    void theMultishotPollIsReArmedWhereItsKernelReArmedIt(String profile, String expected) throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        boolean[] recording = {false};
        RingConfig config = RingConfig.builder(4).deterministic(true).profile(profile).trace(e -> {
            if (recording[0]) {
                events.add(e);
            }
        }).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(7);
            assertThat(ring.submit()).isEqualTo(1);
            MemorySegment buf = arena.allocate(1);
            recording[0] = true;
            assertThat(ring.sys().write(pipe[1], buf, 1)).isEqualTo(1); // the poll's task work runs as the write returns
            recording[0] = false;
            List<long[]> cqes = new ArrayList<>();
            ring.cq().forEach((ud, res, flags) -> cqes.add(new long[] {ud, res, flags}));
            assertThat(cqes).as("one CQE, POLLIN with F_MORE").hasSize(1);
            assertThat(cqes.getFirst()[0]).isEqualTo(7);
            assertThat(cqes.getFirst()[2] & IORING_CQE_F_MORE).isNotZero();
        }
        assertThat(lockedSection(events)).isEqualTo(List.of(expected.split(", ")));
    }

    /** The CQE's locked section: from its lock to its unlock, the steps that say the order. */
    private static List<String> lockedSection(List<TraceEvent> events) {
        List<String> section = new ArrayList<>();
        for (TraceEvent e : events) {
            String step = (e.typedStep() != null ? e.typedStep() : e.point().function() + '(' + e.subject() + ')')
                    .replaceAll("\\(fd \\d+\\)", ""); // rd_wait(fd 3): the pipe's read waitqueue, whatever its fd
            boolean completionLock = "completion_lock".equals(e.subject()) || step.endsWith("(completion_lock)");
            if (completionLock || step.equals("call io_cqring_fill_event") || e.point() == TracePoint.IO_COMMIT_CQRING
                    || e.point() == TracePoint.ADD_WAIT_QUEUE) {
                section.add(step);
            }
        }
        return section;
    }
}
