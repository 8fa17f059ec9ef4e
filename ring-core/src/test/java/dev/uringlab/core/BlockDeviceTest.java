package dev.uringlab.core;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static dev.uringlab.core.RingFixture.cqe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** O_DIRECT reads and writes on an emulated null_blk device, polled and by interrupt (deterministic rings). */
class BlockDeviceTest {
    private static final int BS = 512;
    private static final long SIZE = 64 * BS;

    private static Ring ring(boolean iopoll) {
        return RingFixture.open(RingConfig.builder(8).deterministic(true)
                .flags(iopoll ? SetupFlags.IORING_SETUP_IOPOLL : 0).build());
    }

    private static MemorySegment buf(Arena arena, int len, int fill) {
        MemorySegment b = arena.allocate(len, 4096);
        b.fill((byte) fill);
        return b;
    }

    private static int submitRw(Ring ring, int op, int fd, MemorySegment buf, int len, long off, long ud) {
        ring.getSqe().prepRw(op, fd, buf.address(), len, off).userData(ud);
        return ring.submit();
    }

    @Test
    void shouldReapAPolledReadInIoUringEnterOnAnIopollRing() {
        try (Ring ring = ring(true); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 1, 0);
            assertThat(ring.sys().write(fd, buf(arena, 2 * BS, 'a'), 2 * BS)).isEqualTo(2 * BS);
            MemorySegment b = buf(arena, BS, 0);
            assertThat(submitRw(ring, Opcodes.IORING_OP_READ, fd, b, BS, BS, 1)).isEqualTo(1);
            assertThat(ring.cqReady()).as("a polled bio completes only when polled").isZero();
            assertThat(ring.enter(0, 1, IORING_ENTER_GETEVENTS)).isZero();
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, BS));
            assertThat(b.get(ValueLayout.JAVA_BYTE, BS - 1)).isEqualTo((byte) 'a');
            assertThat(ring.counters().get(Counter.IOPOLL_LOOP)).isPositive();
            assertThat(ring.counters().get(Counter.BIO_IRQ_COMPLETE)).isZero();
            assertThat(ring.counters().get(Counter.BIO_ALLOC)).isEqualTo(ring.counters().get(Counter.BIO_PUT)).isEqualTo(1);
        }
    }

    @Test
    void shouldReadIntoARegisteredBufferFromARegisteredFileWithoutTakingAFileReference() {
        try (Ring ring = ring(true); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 1, 0);
            assertThat(ring.sys().write(fd, buf(arena, 2 * BS, 'f'), 2 * BS)).isEqualTo(2 * BS);
            MemorySegment b = buf(arena, 2 * BS, 0);
            assertThat(ring.registerFiles(new int[] {fd})).isZero();
            assertThat(ring.registerFiles(new int[] {fd})).isEqualTo(-Errno.EBUSY);
            assertThat(ring.registerBuffers(new MemorySegment[] {b})).isZero();
            ring.getSqe().prepRw(Opcodes.IORING_OP_READ_FIXED, 0, b.address() + BS, BS, 0)
                    .flags(SqeFlags.IOSQE_FIXED_FILE).bufIndex(0).userData(1);
            ring.getSqe().prepRw(Opcodes.IORING_OP_READ_FIXED, 0, b.address() + BS, 2 * BS, 0)
                    .flags(SqeFlags.IOSQE_FIXED_FILE).bufIndex(0).userData(2); // past the buffer's end
            ring.getSqe().prepRw(Opcodes.IORING_OP_READ_FIXED, 1, b.address(), BS, 0)
                    .flags(SqeFlags.IOSQE_FIXED_FILE).bufIndex(0).userData(3); // no fixed file 1
            ring.getSqe().prepRw(Opcodes.IORING_OP_READ_FIXED, 0, b.address(), BS, 0)
                    .flags(SqeFlags.IOSQE_FIXED_FILE).bufIndex(1).userData(4); // no buffer 1
            ring.submit();
            assertThat(RingFixture.reap(ring)).as("failed at issue: posted at submission")
                    .containsExactly(cqe(2, -Errno.EFAULT), cqe(3, -Errno.EBADF), cqe(4, -Errno.EFAULT));
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, BS));
            assertThat(b.get(ValueLayout.JAVA_BYTE, BS)).isEqualTo((byte) 'f');
            assertThat(b.get(ValueLayout.JAVA_BYTE, 0)).isZero();
        }
    }

    @Test
    void shouldCompleteAnInterruptReadThroughTaskWork() {
        try (Ring ring = ring(false); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 1, 0);
            MemorySegment b = buf(arena, BS, 7);
            assertThat(submitRw(ring, Opcodes.IORING_OP_READ, fd, b, BS, 0, 2)).isEqualTo(1);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(2, BS));
            assertThat(b.get(ValueLayout.JAVA_BYTE, 0)).as("the device's zeroed memory").isZero();
            assertThat(ring.counters().get(Counter.BIO_IRQ_COMPLETE)).isEqualTo(1);
            assertThat(ring.counters().get(Counter.TASK_WORK_RUN)).isEqualTo(1);
            assertThat(ring.counters().get(Counter.IOPOLL_LOOP)).isZero();
        }
    }

    @Test
    void shouldReadZeroAtTheEndAndShortAcrossIt() {
        try (Ring ring = ring(false); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 0, 0);
            MemorySegment b = buf(arena, 2 * BS, 0);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, b, BS, SIZE, 1);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, b, 2 * BS, SIZE - BS, 2);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, 0), cqe(2, BS));
        }
    }

    @Test
    void shouldRefuseUnalignedDirectIoAndWritesPastTheEnd() {
        try (Ring ring = ring(false); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 0, 0);
            MemorySegment b = buf(arena, 2 * BS, 0);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, b, 100, 0, 1);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, b, BS, 3, 2);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, b.asSlice(8), BS, 0, 3);
            submitRw(ring, Opcodes.IORING_OP_WRITE, fd, b, BS, SIZE, 4);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, -Errno.EINVAL), cqe(2, -Errno.EINVAL),
                    cqe(3, -Errno.EINVAL), cqe(4, -Errno.ENOSPC));
            assertThat(ring.counters().get(Counter.BIO_SUBMIT)).isZero();
        }
    }

    @Test
    void shouldReadBackWhatAWriteLeft() {
        try (Ring ring = ring(true); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 2, 0);
            MemorySegment w = buf(arena, 3 * BS, 'w');
            MemorySegment r = buf(arena, 3 * BS, 0);
            submitRw(ring, Opcodes.IORING_OP_WRITE, fd, w, 3 * BS, 8 * BS, 1);
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, 3 * BS));
            submitRw(ring, Opcodes.IORING_OP_READ, fd, r, 3 * BS, 8 * BS, 2);
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(2, 3 * BS));
            assertThat(r.mismatch(w)).isEqualTo(-1);
        }
    }

    @Test
    void shouldRefuseAFileThatCannotPollOnAnIopollRing() {
        try (Ring ring = ring(true); Arena arena = Arena.ofConfined()) {
            int[] p = ring.sys().pipe();
            submitRw(ring, Opcodes.IORING_OP_READ, p[0], buf(arena, BS, 0), BS, 0, 1);
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, -Errno.EOPNOTSUPP));
        }
    }

    @Test
    void shouldFailAPolledBioOnADeviceWithoutPollQueues() {
        try (Ring ring = ring(true); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 0, 0);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, buf(arena, BS, 0), BS, 0, 1);
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(1, -Errno.EOPNOTSUPP));
            assertThat(ring.counters().get(Counter.BIO_IRQ_COMPLETE)).isZero();
            assertThat(ring.counters().get(Counter.BIO_PUT)).isEqualTo(1);
        }
    }

    @Test
    void shouldNotPollWhileCqesAreWaiting() {
        try (Ring ring = ring(true); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", SIZE, 1, 0);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, buf(arena, BS, 0), BS, 0, 1);
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            submitRw(ring, Opcodes.IORING_OP_READ, fd, buf(arena, BS, 0), BS, 0, 2);
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).as("io_iopoll_check returns at once with a CQE in the ring")
                    .containsExactly(cqe(1, BS));
            ring.enter(0, 1, IORING_ENTER_GETEVENTS);
            assertThat(RingFixture.reap(ring)).containsExactly(cqe(2, BS));
        }
    }

    @Test
    void shouldRefuseABadDeviceSpec() {
        try (Ring ring = ring(false)) {
            assertThat(ring.sys().openBlockDevice("x", 1000, 0, 0)).isEqualTo(-Errno.EINVAL);
            assertThat(ring.sys().openBlockDevice("x", SIZE, -1, 0)).isEqualTo(-Errno.EINVAL);
        }
    }
}
