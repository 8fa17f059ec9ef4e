package dev.uringlab.core;

import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.NopFlags.IORING_NOP_CQE32;
import static dev.uringlab.api.NopFlags.IORING_NOP_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_BUFFER;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_INJECT_RESULT;
import static dev.uringlab.api.NopFlags.IORING_NOP_TW;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.trace.TraceEvent;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * IORING_OP_NOP's flags (io_uring/nop.c, v6.18.2): what each flag posts and the typed steps it
 * takes per NOP under {@code linux-6.18}; and the NOP of the older kernels (the {@code nop-flags}
 * baseline), which refuses them.
 */
class NopFlagsTest {

    private static RingConfig.Builder linux618() {
        return RingConfig.builder(8).deterministic(true).profile(KernelProfile.LINUX_6_18.name());
    }

    /** One ring under linux-6.18 that records the typed steps of everything after {@link #record()}. */
    private static final class Traced implements AutoCloseable {
        final List<String> steps = new ArrayList<>();
        boolean on;
        final Ring ring = RingFixture.open(linux618().trace(this::accept).build());

        private void accept(TraceEvent e) {
            if (on && e.typedStep() != null) {
                steps.add(e.typedStep());
            }
        }

        /** The steps of {@code n} NOPs with {@code flags} on {@code fd}, one submit-and-wait, less those of n plain NOPs. */
        List<String> stepsOf(int n, int flags, int fd) {
            List<String> plain = run(n, 0, -1);
            List<String> flagged = run(n, flags, fd);
            List<String> extra = new ArrayList<>(flagged);
            for (String s : plain) {
                extra.remove(s);
            }
            return extra;
        }

        private List<String> run(int n, int flags, int fd) {
            steps.clear();
            on = true;
            for (int i = 0; i < n; i++) {
                ring.getSqe().prepNop().fd(fd).opFlags(flags).userData(100 + i);
            }
            assertThat(ring.submitAndWait(n)).isEqualTo(n);
            List<String> cqes = reap(ring);
            on = false;
            assertThat(cqes).hasSize(n).allMatch(l -> l.contains(" res=0 "));
            return List.copyOf(steps);
        }

        @Override
        public void close() {
            ring.close();
        }
    }

    @Test
    void shouldLookUpAProcessFileAndPutItAtTheFreeWithNopFile() {
        try (Traced t = new Traced()) {
            int[] pipe = t.ring.sys().pipe();
            assertThat(t.stepsOf(1, IORING_NOP_FILE, pipe[0])).containsExactly(
                    "call io_file_get_normal", "call fget", "rcu rcu_read_lock(__fget_files)",
                    "locked get_file_rcu_many(f_count)", "call fput", "locked atomic_long_sub_and_test(f_count)");
            assertThat(t.stepsOf(8, IORING_NOP_FILE, pipe[0])).hasSize(8 * 6);
        }
    }

    @Test
    void shouldTakeOneCallAndNoReferenceForARegisteredFile() {
        try (Traced t = new Traced()) {
            int[] pipe = t.ring.sys().pipe();
            assertThat(t.ring.registerFiles(new int[] {pipe[0], pipe[1]})).isZero();
            assertThat(t.stepsOf(1, IORING_NOP_FILE | IORING_NOP_FIXED_FILE, 1)).containsExactly("call io_file_get_fixed");
            assertThat(t.stepsOf(8, IORING_NOP_FILE | IORING_NOP_FIXED_FILE, 0)).hasSize(8);
            IoRsrc rsrc = ((EmulatedRing) t.ring).ctx().rsrc;
            assertThat(rsrc.fileNodeRefs(0)).as("the table's own reference, every request's given back").isEqualTo(1);
            assertThat(rsrc.fileNodeRefs(1)).isEqualTo(1);
        }
    }

    @Test
    void shouldTakeOneCallForARegisteredBuffer() {
        try (Traced t = new Traced(); Arena arena = Arena.ofConfined()) {
            assertThat(t.ring.registerBuffers(new MemorySegment[] {arena.allocate(4096)})).isZero();
            assertThat(t.stepsOf(1, IORING_NOP_FIXED_BUFFER, -1)).containsExactly("call io_find_buf_node");
            assertThat(((EmulatedRing) t.ring).ctx().rsrc.bufNodeRefs(0)).isEqualTo(1);
        }
    }

    @Test
    void shouldCompleteThroughTaskWorkWithNopTw() {
        try (Traced t = new Traced()) {
            List<String> one = t.stepsOf(1, IORING_NOP_TW, -1);
            assertThat(one).startsWith("call __io_req_task_work_add", "list llist_add(task_list)", "call task_work_add");
            assertThat(one).contains("call io_req_task_complete", "call tctx_task_work", "locked llist_del_all(task_list)");
            // a batch of 8 pays the round trip once and, per NOP, the add and the function through its pointer
            List<String> eight = t.stepsOf(8, IORING_NOP_TW, -1);
            assertThat(eight.stream().filter("list llist_add(task_list)"::equals)).hasSize(8);
            assertThat(eight.stream().filter("call io_req_task_complete"::equals)).hasSize(8);
            assertThat(eight.stream().filter("call task_work_add"::equals)).hasSize(1);
            assertThat(eight.stream().filter("call tctx_task_work"::equals)).hasSize(1);
            assertThat(eight).hasSize(one.size() + 7 * 3);
        }
    }

    @Test
    void shouldPostTheLookupsErrorAndFailTheLink() {
        try (Ring ring = RingFixture.open(linux618().build())) {
            int[] pipe = ring.sys().pipe();
            nop(ring, 1).fd(99999).opFlags(IORING_NOP_FILE).flags(SqeFlags.IOSQE_IO_LINK);
            nop(ring, 2);
            nop(ring, 3).fd(0).opFlags(IORING_NOP_FILE | IORING_NOP_FIXED_FILE); // no table
            nop(ring, 4).bufIndex(0).opFlags(IORING_NOP_FIXED_BUFFER); // no buffers
            nop(ring, 5).fd(pipe[1]).opFlags(IORING_NOP_FILE | IORING_NOP_INJECT_RESULT).len(-5);
            nop(ring, 6).fd(-1).opFlags(IORING_NOP_FIXED_FILE); // FIXED_FILE without FILE: nothing looked up
            assertThat(ring.submitAndWait(6)).isEqualTo(6);
            assertThat(reap(ring)).containsExactly(cqe(1, -EBADF), cqe(3, -EBADF), cqe(4, -EFAULT), cqe(5, -5),
                    cqe(6, 0), cqe(2, -ECANCELED));
            assertThat(ring.registerFiles(new int[] {pipe[0]})).isZero();
            nop(ring, 7).fd(1).opFlags(IORING_NOP_FILE | IORING_NOP_FIXED_FILE); // past the table
            nop(ring, 8).fd(-1).opFlags(IORING_NOP_FILE | IORING_NOP_FIXED_FILE);
            nop(ring, 9).fd(0).opFlags(IORING_NOP_FILE | IORING_NOP_FIXED_FILE | IORING_NOP_TW);
            assertThat(ring.submitAndWait(3)).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(7, -EBADF), cqe(8, -EBADF), cqe(9, 0));
        }
    }

    @Test
    void shouldRefuseUnknownBitsAndCqe32AtPrep() {
        try (Ring ring = RingFixture.open(linux618().build())) {
            nop(ring, 1).opFlags(1 << 6);
            assertThat(ring.submit()).isEqualTo(1);
            nop(ring, 2).opFlags(IORING_NOP_CQE32);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, -EINVAL), cqe(2, -EINVAL));
            assertThat(ring.counters().get(Counter.REQ_FAILED)).isEqualTo(2);
        }
    }

    @Test
    void shouldRefuseTheNewFlagsInTheOlderProfilesAsTheNopBefore613Did() {
        for (String profile : List.of("linux-6.1", "linux-5.15", "baseline")) {
            try (Ring ring = RingFixture.open(RingConfig.builder(8).deterministic(true).profile(profile).build())) {
                int[] pipe = ring.sys().pipe();
                int ud = 1;
                for (int flag : new int[] {IORING_NOP_FILE, IORING_NOP_FIXED_FILE, IORING_NOP_FIXED_BUFFER, IORING_NOP_TW}) {
                    nop(ring, ud++).fd(pipe[0]).opFlags(flag);
                    assertThat(ring.submit()).isEqualTo(1);
                }
                nop(ring, ud).opFlags(IORING_NOP_INJECT_RESULT).len(-EBADF);
                assertThat(ring.submit()).isEqualTo(1);
                assertThat(reap(ring)).as(profile).containsExactly(cqe(1, -EINVAL), cqe(2, -EINVAL), cqe(3, -EINVAL),
                        cqe(4, -EINVAL), cqe(5, -EBADF));
            }
        }
    }
}
