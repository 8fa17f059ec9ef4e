package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class InliningLogTest {
    @Test
    void shouldReadEachCallOfTheEnginesCodeWithItsCallerAndDecision() {
        // as a JDK 25 fork prints them with -XX:+PrintCompilation -XX:+PrintInlining (counts vary from fork to fork)
        List<String> log = List.of(
                "4541 1206    b  3       dev.uringlab.api.Ring::getSqe (10 bytes)",
                "                              @ 1   dev.uringlab.core.EmulatedRing::sq (5 bytes)   inline",
                "                              @ 6   dev.uringlab.api.SubmissionQueue::getSqe (52 bytes)   failed to inline: callee is too large",
                "5058 1270    b  4       dev.uringlab.core.IoRings::lpSqArray (25 bytes)",
                "                              @ 19   jdk.internal.foreign.AbstractMemorySegmentImpl::get (12 bytes)   force inline by annotation",
                "                                @ 3   jdk.internal.foreign.AbstractMemorySegmentImpl::checkAccess (30 bytes)   inline (hot)",
                "                                \\-> TypeProfile (5119/5119 counts) = jdk/internal/foreign/NativeMemorySegmentImpl",
                "                              @ 25   dev.uringlab.spi.Counters::inc (14 bytes)   inline (hot)",
                "4000  900    b  4       java.util.ArrayList::get (11 bytes)",
                "                              @ 2   java.util.Objects::checkIndex (7 bytes)   (intrinsic)",
                "4001  901    b  4       dev.uringlab.jmh.paired.PairedBenchmark::block (50 bytes)",
                "4002  902    b  4       dev.uringlab.core.OpDef$$Lambda/0x0000000012102830::prep (8 bytes)",
                "                              @ 3   dev.uringlab.core.IoNop::ioNopPrep (58 bytes)   inline (hot)",
                "4003  903    b  4       dev.uringlab.core.IoWait::ioCqringWait (80 bytes)",
                "                              @ 2   dev.uringlab.core.IoWait$CqWaiter::&lt;init&gt; (12 bytes)   inline (hot)",
                "                              @ 7   dev.uringlab.jmh.paired.Arm::applyAsLong (60 bytes)   inline (hot)");
        assertThat(InliningLog.decisions(log)).containsExactly(
                "tier 3 dev.uringlab.api.Ring::getSqe @1 dev.uringlab.core.EmulatedRing::sq: inline",
                "tier 3 dev.uringlab.api.Ring::getSqe @6 dev.uringlab.api.SubmissionQueue::getSqe: failed to inline: callee is too large",
                "tier 4 dev.uringlab.core.IoRings::lpSqArray @19 jdk.internal.foreign.AbstractMemorySegmentImpl::get: force inline by annotation",
                "tier 4 dev.uringlab.core.IoRings::lpSqArray @25 dev.uringlab.spi.Counters::inc: inline (hot)",
                "tier 4 dev.uringlab.core.OpDef$$Lambda/0x*::prep @3 dev.uringlab.core.IoNop::ioNopPrep: inline (hot)",
                "tier 4 dev.uringlab.core.IoWait::ioCqringWait @2 dev.uringlab.core.IoWait$CqWaiter::<init>: inline (hot)");
    }

    @Test
    void shouldReadEachWriterThreadApartAndJoinALineASwitchCut() {
        // from a paired fork's VM log (2026-12-03): a C2 thread's compilation line lands inside a C1 thread's tree, mid-line
        List<String> log = List.of(
                "<writer thread='24355'/>",
                "3583 3014    b  3       dev.uringlab.strategy.era.WaitqueueActiveEvPosted::ioCqringEvPosted (74 bytes)",
                "                              @ 8   dev.uringlab.core.IoCqRing::lock (30 bytes)   inline",
                "                                @ 6   java.lang.Class::isInstance",
                "<writer thread='24354'/>",
                "7259 3984    b  4       java.util.concurrent.locks.ReentrantLock::unlock (10 bytes)",
                "<writer thread='24355'/>",
                " (0 bytes)   intrinsic",
                "                              @ 16   dev.uringlab.core.IoCqRing::wakeUpCqWait (9 bytes)   inline",
                "<writer thread='24354'/>",
                "                              @ 5   java.util.concurrent.locks.AbstractQueuedSynchronizer::release (20 bytes)   inline (hot)");
        assertThat(InliningLog.byWriter(log).get("24355")).containsExactly(
                "3583 3014    b  3       dev.uringlab.strategy.era.WaitqueueActiveEvPosted::ioCqringEvPosted (74 bytes)",
                "                              @ 8   dev.uringlab.core.IoCqRing::lock (30 bytes)   inline",
                "                                @ 6   java.lang.Class::isInstance (0 bytes)   intrinsic",
                "                              @ 16   dev.uringlab.core.IoCqRing::wakeUpCqWait (9 bytes)   inline");
        assertThat(InliningLog.decisions(log)).containsExactly(
                "tier 3 dev.uringlab.strategy.era.WaitqueueActiveEvPosted::ioCqringEvPosted @8 dev.uringlab.core.IoCqRing::lock: inline",
                "dev.uringlab.core.IoCqRing::lock @6 java.lang.Class::isInstance: intrinsic",
                "tier 3 dev.uringlab.strategy.era.WaitqueueActiveEvPosted::ioCqringEvPosted @16 dev.uringlab.core.IoCqRing::wakeUpCqWait: inline");
    }
}
