package dev.uringlab.nativering;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static dev.uringlab.api.SqRingFlags.IORING_SQ_CQ_OVERFLOW;
import static dev.uringlab.api.SqeFlags.IOSQE_CQE_SKIP_SUCCESS;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Features;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Syscalls;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The real kernel's io_uring through ring-api. Skipped, with the reason, where io_uring is unavailable. */
class NativeRingTest {
    /** ENXIO: IORING_UNREGISTER_EVENTFD with no eventfd registered. */
    private static final int ENXIO = 6;
    private static final long SECOND = 1_000_000_000L;

    /** Every CQE now in the ring, in order, as scenario lines; advances over them. */
    private static List<String> reap(Ring ring) {
        List<String> lines = new ArrayList<>();
        int n = ring.forEachCqe((ud, res, flags) -> lines.add("ud=" + ud + " res=" + res + " flags=" + flags));
        ring.cqAdvance(n);
        return lines;
    }

    @Test
    void shouldRoundTripANopAndCountTheEnter() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            ring.getSqe().prepNop().userData(42);

            assertThat(ring.submitAndWait(1)).isEqualTo(1);
            assertThat(reap(ring)).containsExactly("ud=42 res=0 flags=0");
            assertThat(ring.cqReady()).isZero();
            assertThat(ring.counters().get(Counter.ENTER)).isEqualTo(1);
            assertThat(ring.counters().get(Counter.SQE_SUBMITTED)).isEqualTo(1);
            assertThat(ring.counters().get(Counter.COMPLETION_LOCK)).isZero();
        }
    }

    @Test
    void shouldReportTheSizesTheKernelChose() throws RingUnavailableException {
        try (Ring small = NativeRings.openOrSkip(3);
                Ring sized = NativeRings.openOrSkip(RingConfig.builder(4).cqEntries(100).build())) {
            assertThat(small.params().sqEntries()).isEqualTo(4);
            assertThat(small.params().cqEntries()).isEqualTo(8);
            assertThat(small.sq().entries()).isEqualTo(4);
            assertThat(small.cq().entries()).isEqualTo(8);
            assertThat(sized.params().cqEntries()).isEqualTo(128);
            assertThat(sized.cq().entries()).isEqualTo(128);
        }
    }

    @Test
    void shouldReportAFeaturesWordWithNodropAndCqeSkip() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            System.out.println("native io_uring: " + ring.params() + " (0x" + Integer.toHexString(ring.params().features()) + ")");

            assertThat(ring.params().hasFeature(Features.IORING_FEAT_NODROP)).isTrue();
            assertThat(ring.params().hasFeature(Features.IORING_FEAT_CQE_SKIP)).isTrue();
            assertThat(ring.params().hasFeature(Features.IORING_FEAT_EXT_ARG)).isTrue();
        }
    }

    @Test
    void shouldCompleteANopWithTheInjectedResult() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            ring.getSqe().prepNopInject(-Errno.EINVAL).userData(1);
            ring.getSqe().prepNopInject(7).userData(2);

            assertThat(ring.submitAndWait(2)).isEqualTo(2);
            assertThat(reap(ring)).containsExactly("ud=1 res=-22 flags=0", "ud=2 res=7 flags=0");
        }
    }

    @Test
    void shouldCancelTheRestOfALinkAfterAFailure() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            ring.getSqe().prepNopInject(-Errno.EIO).userData(1).flags(IOSQE_IO_LINK);
            ring.getSqe().prepNop().userData(2).flags(IOSQE_IO_LINK);
            ring.getSqe().prepNop().userData(3);

            assertThat(ring.submitAndWait(3)).isEqualTo(3);
            assertThat(reap(ring)).containsExactly("ud=1 res=-5 flags=0", "ud=2 res=-125 flags=0", "ud=3 res=-125 flags=0");
        }
    }

    @Test
    void shouldAnswerAnUnknownOpcodeWithEinval() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            ring.getSqe().prepNop().opcode(250).userData(9);

            assertThat(ring.submitAndWait(1)).isEqualTo(1);
            assertThat(reap(ring)).containsExactly("ud=9 res=-22 flags=0");
        }
    }

    @Test
    void shouldPostNoCqeForASuccessfulSkipSqeButPostAFailure() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            ring.getSqe().prepNop().userData(1).flags(IOSQE_CQE_SKIP_SUCCESS);
            ring.getSqe().prepNopInject(-Errno.EIO).userData(2).flags(IOSQE_CQE_SKIP_SUCCESS);
            ring.getSqe().prepNop().userData(3);

            assertThat(ring.submitAndWait(2)).isEqualTo(3);
            assertThat(reap(ring)).containsExactly("ud=2 res=-5 flags=0", "ud=3 res=0 flags=0");
        }
    }

    @Test
    void shouldPostAMultishotPollCqeWithMoreForEveryWrite() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8); Arena arena = Arena.ofConfined()) {
            Syscalls sys = ring.sys();
            int[] pipe = sys.pipe();
            MemorySegment buf = arena.allocate(8);
            ring.getSqe().prepPollMultishot(pipe[0], PollEvents.POLLIN).userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(ring.waitCqes(1, SECOND / 50)).isEqualTo(-Errno.ETIME);

            for (int round = 0; round < 3; round++) {
                assertThat(sys.write(pipe[1], buf, 1)).isEqualTo(1);
                assertThat(ring.waitCqes(1, SECOND)).isZero();
                assertThat(reap(ring)).containsExactly("ud=1 res=" + PollEvents.POLLIN + " flags=" + IORING_CQE_F_MORE);
                assertThat(sys.read(pipe[0], buf, 8)).isEqualTo(1);
            }
            ring.getSqe().prepPollRemove(1).userData(2);
            assertThat(ring.submitAndWait(2)).isEqualTo(1);
            assertThat(reap(ring)).containsExactlyInAnyOrder("ud=1 res=-125 flags=0", "ud=2 res=0 flags=0");
        }
    }

    @Test
    void shouldOverflowASmallCqAndLoseNothing() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(RingConfig.builder(4).cqEntries(4).build())) {
            for (int ud = 1; ud <= 8; ud++) {
                ring.getSqe().prepNop().userData(ud);
                if (ud % 4 == 0) {
                    assertThat(ring.submit()).isEqualTo(4);
                }
            }
            assertThat(ring.sqFlags() & IORING_SQ_CQ_OVERFLOW).isEqualTo(IORING_SQ_CQ_OVERFLOW);
            assertThat(ring.cqReady()).isEqualTo(4);

            List<String> all = new ArrayList<>(reap(ring));
            assertThat(ring.enter(0, 0, IORING_ENTER_GETEVENTS)).isZero();
            assertThat(ring.sqFlags() & IORING_SQ_CQ_OVERFLOW).isZero();
            all.addAll(reap(ring));

            assertThat(all).containsExactly("ud=1 res=0 flags=0", "ud=2 res=0 flags=0", "ud=3 res=0 flags=0",
                    "ud=4 res=0 flags=0", "ud=5 res=0 flags=0", "ud=6 res=0 flags=0", "ud=7 res=0 flags=0",
                    "ud=8 res=0 flags=0");
            assertThat(ring.cq().lvOverflow()).isZero();
        }
    }

    @Test
    void shouldSignalARegisteredEventfd() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8); Arena arena = Arena.ofConfined()) {
            int efd = ring.sys().eventfd();
            MemorySegment count = arena.allocate(JAVA_LONG);
            assertThat(ring.unregisterEventfd()).isEqualTo(-ENXIO);
            assertThat(ring.registerEventfd(efd)).isZero();
            assertThat(ring.sys().read(efd, count, 8)).isEqualTo(-Errno.EAGAIN);

            ring.getSqe().prepNop().userData(1);
            assertThat(ring.submitAndWait(1)).isEqualTo(1);

            assertThat(ring.sys().read(efd, count, 8)).isEqualTo(8);
            assertThat(count.get(JAVA_LONG, 0)).isPositive();
            assertThat(ring.unregisterEventfd()).isZero();
            assertThat(ring.unregisterEventfd()).isEqualTo(-ENXIO);
        }
    }

    @Test
    void shouldTimeOutAWaitThatNothingSatisfies() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            assertThat(ring.waitCqes(1, SECOND / 100)).isEqualTo(-Errno.ETIME);

            ring.getSqe().prepNop().userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            // One CQE is there, two are asked for: the kernel returns 0 at the timeout, the ring -ETIME.
            assertThat(ring.waitCqes(2, SECOND / 100)).isEqualTo(-Errno.ETIME);

            long enters = ring.counters().get(Counter.ENTER);
            assertThat(ring.waitCqes(1, SECOND)).isZero();
            assertThat(ring.counters().get(Counter.ENTER)).as("ready CQEs need no io_uring_enter").isEqualTo(enters);
        }
    }

    @Test
    void shouldKeepWaitingWhenASignalInterruptsTheKernelsWait() throws Throwable {
        try (Ring ring = NativeRings.openOrSkip(8); Arena arena = Arena.ofShared()) {
            int[] pipe = ring.sys().pipe();
            MemorySegment buf = arena.allocate(1);
            ring.getSqe().prepPollAdd(pipe[0], PollEvents.POLLIN).userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            int waiter = ThreadSignals.gettid();
            AtomicReference<Throwable> poker = new AtomicReference<>();
            Thread signaller = Thread.ofPlatform().start(() -> {
                try {
                    // Signal the waiter while it sleeps in io_uring_enter, then wake it with a CQE once it waits again.
                    awaitWaitingInEnter(ring, waiter, 2);
                    assertThat(ThreadSignals.tgkill(waiter, ThreadSignals.SIGPIPE)).isZero();
                    awaitWaitingInEnter(ring, waiter, 3);
                    assertThat(ring.sys().write(pipe[1], buf, 1)).isEqualTo(1);
                } catch (Throwable t) {
                    poker.set(t);
                }
            });

            int ret = ring.waitCqes(1, 10 * SECOND);
            signaller.join();

            assertThat(poker.get()).isNull();
            assertThat(ret).as("the -EINTR of the first wait is not the caller's").isZero();
            assertThat(ring.counters().get(Counter.ENTER)).as("submit, wait, wait again").isEqualTo(3);
            assertThat(reap(ring)).containsExactly("ud=1 res=" + PollEvents.POLLIN + " flags=0");
        }
    }

    /** Until the ring has entered {@code enters} times and thread {@code tid} sleeps in io_uring_enter; at most 5 s. */
    private static void awaitWaitingInEnter(Ring ring, int tid, int enters) throws Exception {
        long deadline = System.nanoTime() + 5 * SECOND;
        while (ring.counters().get(Counter.ENTER) < enters || ThreadSignals.blockedIn(tid) != (int) Libc.SYS_IO_URING_ENTER) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("thread " + tid + " never waited in io_uring_enter #" + enters);
            }
            Thread.sleep(1);
        }
    }

    @Test
    void shouldGiveRealPipesThatFailAsTheKernelSays() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8); Arena arena = Arena.ofConfined()) {
            Syscalls sys = ring.sys();
            int[] pipe = sys.pipe();
            MemorySegment out = arena.allocateFrom("abc");
            MemorySegment in = arena.allocate(8);

            assertThat(sys.read(pipe[0], in, 8)).isEqualTo(-Errno.EAGAIN);
            assertThat(sys.write(pipe[1], out, 3)).isEqualTo(3);
            assertThat(sys.read(pipe[0], in, 8)).isEqualTo(3);
            assertThat(in.getString(0)).isEqualTo("abc");
            assertThat(sys.close(pipe[1])).isZero();
            assertThat(sys.close(pipe[1])).isEqualTo(-Errno.EBADF);
            assertThat(sys.read(pipe[0], in, 8)).as("end of file").isZero();
            assertThatThrownBy(() -> sys.read(pipe[0], in, 9)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void shouldCloseWhatItsSyscallsLeftOpenAndRefuseUseAfterClose() throws RingUnavailableException {
        Ring ring = NativeRings.openOrSkip(8);
        int ringFd = ((NativeRing) ring).ringFd();
        int[] pipe = ring.sys().pipe();
        int efd = ring.sys().eventfd();
        assertThat(Path.of("/proc/self/fd/" + ringFd)).exists();

        ring.close();
        ring.close();

        for (int fd : new int[] {ringFd, pipe[0], pipe[1], efd}) {
            assertThat(Files.exists(Path.of("/proc/self/fd/" + fd))).as("fd %d closed", fd).isFalse();
        }
        assertThatThrownBy(() -> ring.enter(0, 0, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(ring::getSqe).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(ring::sys).isInstanceOf(IllegalStateException.class);
    }
}
