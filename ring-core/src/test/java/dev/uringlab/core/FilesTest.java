package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.EBUSY;
import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.Syscalls;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FilesTest {
    private Ring ring;
    private Syscalls sys;
    private Arena arena;

    @BeforeEach
    void setUp() {
        ring = RingFixture.open(16);
        sys = ring.sys();
        arena = Arena.ofConfined();
    }

    @AfterEach
    void tearDown() {
        ring.close();
        arena.close();
    }

    private MemorySegment bytes(String s) {
        MemorySegment m = arena.allocate(s.length());
        for (int i = 0; i < s.length(); i++) {
            m.set(ValueLayout.JAVA_BYTE, i, (byte) s.charAt(i));
        }
        return m;
    }

    private static String string(MemorySegment m, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append((char) m.get(ValueLayout.JAVA_BYTE, i));
        }
        return sb.toString();
    }

    @Test
    void shouldMoveBytesThroughANonBlockingPipe() {
        int[] p = sys.pipe();
        assertThat(p).containsExactly(3, 4);
        MemorySegment in = arena.allocate(16);
        assertThat(sys.read(p[0], in, 16)).isEqualTo(-EAGAIN);
        assertThat(sys.write(p[1], bytes("abc"), 3)).isEqualTo(3);
        assertThat(sys.read(p[0], in, 16)).isEqualTo(3);
        assertThat(string(in, 3)).isEqualTo("abc");
        assertThat(sys.read(p[1], in, 1)).isEqualTo(-EBADF);
        assertThat(sys.close(p[1])).isZero();
        assertThat(sys.read(p[0], in, 16)).isZero();
        assertThat(sys.close(p[1])).isEqualTo(-EBADF);
        assertThat(sys.write(99, in, 1)).isEqualTo(-EBADF);
    }

    @Test
    void shouldCountPipeCapacityInPageSlotsAndWriteWithNoReaderIsEpipe() {
        // pipe_write: 16 slots of a page; a slot is free again only once a read empties it.
        int[] p = sys.pipe();
        MemorySegment big = arena.allocate(70000);
        assertThat(sys.write(p[1], big, 70000)).isEqualTo(65536);
        assertThat(sys.write(p[1], big, 1)).isEqualTo(-EAGAIN);
        assertThat(sys.read(p[0], big, 100)).isEqualTo(100);
        assertThat(sys.write(p[1], big, 100)).isEqualTo(-EAGAIN); // 100 bytes free, but no slot
        assertThat(sys.read(p[0], big, 3996)).isEqualTo(3996);
        assertThat(sys.write(p[1], big, 4097)).isEqualTo(4096); // one slot: one page of it
        sys.close(p[0]);
        assertThat(sys.write(p[1], big, 1)).isEqualTo(-32);
    }

    @Test
    void shouldMergeASmallWriteIntoTheLastPageOnlyWhenItFitsThere() {
        int[] p = sys.pipe();
        MemorySegment big = arena.allocate(70000);
        assertThat(sys.write(p[1], big, 1)).isEqualTo(1);
        assertThat(sys.write(p[1], big, 65536)).isEqualTo(61440); // page-sized: 15 fresh slots, no merge
        int[] q = sys.pipe();
        assertThat(sys.write(q[1], big, 1)).isEqualTo(1);
        assertThat(sys.write(q[1], big, 69956)).isEqualTo(324 + 61440); // 69956 & 4095 merged, then 15 pages
    }

    @Test
    void shouldReadAndWritePipesWithSqes() {
        int[] p = sys.pipe();
        MemorySegment in = arena.allocate(8);
        ring.getSqe().prepWrite(p[1], bytes("hello"), 5, 0).userData(1);
        ring.getSqe().prepRead(p[0], in, 8, 0).userData(2);
        assertThat(ring.submit()).isEqualTo(2);
        assertThat(reap(ring)).containsExactly(cqe(1, 5), cqe(2, 5));
        assertThat(string(in, 5)).isEqualTo("hello");
    }

    @Test
    void shouldWaitOnAnInternalPollWhenAReadFindsThePipeEmpty() {
        int[] p = sys.pipe();
        MemorySegment in = arena.allocate(8);
        ring.getSqe().prepRead(p[0], in, 8, 0).userData(1);
        nop(ring, 2);
        assertThat(ring.submit()).isEqualTo(2);
        assertThat(reap(ring)).containsExactly(cqe(2, 0));
        sys.write(p[1], bytes("ab"), 2);
        assertThat(reap(ring)).containsExactly(cqe(1, 2));
        assertThat(string(in, 2)).isEqualTo("ab");
    }

    @Test
    void shouldReArmTheInternalPollWhenAnotherReaderTookTheData() {
        int[] p = sys.pipe();
        MemorySegment in = arena.allocate(8);
        ring.getSqe().prepRead(p[0], in, 8, 0).userData(1);
        ring.getSqe().prepWrite(p[1], bytes("hello"), 5, 0).userData(2);
        ring.getSqe().prepRead(p[0], in, 8, 0).userData(3);
        assertThat(ring.submit()).isEqualTo(3);
        // 1 is woken by 2's write, but 3 read the bytes first: 1 polls again
        assertThat(reap(ring)).containsExactly(cqe(2, 5), cqe(3, 5));
        sys.write(p[1], bytes("x"), 1);
        assertThat(reap(ring)).containsExactly(cqe(1, 1));
    }

    @Test
    void shouldWaitOnAnInternalPollFromIoWqToo() {
        int[] p = sys.pipe();
        MemorySegment in = arena.allocate(8);
        ring.getSqe().prepRead(p[0], in, 8, 0).userData(1).flags(dev.uringlab.api.SqeFlags.IOSQE_ASYNC);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(reap(ring)).isEmpty();
        sys.write(p[1], bytes("abc"), 3);
        assertThat(reap(ring)).containsExactly(cqe(1, 3));
    }

    @Test
    void shouldBreakALinkAfterAShortRead() {
        int[] p = sys.pipe();
        sys.write(p[1], bytes("abc"), 3);
        ring.getSqe().prepRead(p[0], arena.allocate(10), 10, 0).userData(1).flags(IOSQE_IO_LINK);
        nop(ring, 2);
        ring.submit();
        assertThat(reap(ring)).containsExactly(cqe(1, 3), cqe(2, -ECANCELED));
    }

    @Test
    void shouldMoveEightByteCountsThroughAnEventfd() {
        int efd = sys.eventfd();
        MemorySegment v = arena.allocate(8);
        assertThat(sys.read(efd, v, 8)).isEqualTo(-EAGAIN);
        v.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 5);
        assertThat(sys.write(efd, v, 8)).isEqualTo(8);
        assertThat(sys.write(efd, v, 8)).isEqualTo(8);
        assertThat(sys.write(efd, v, 4)).isEqualTo(-EINVAL);
        v.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, 0);
        assertThat(sys.read(efd, v, 8)).isEqualTo(8);
        assertThat(v.get(ValueLayout.JAVA_LONG_UNALIGNED, 0)).isEqualTo(10);
        assertThat(sys.read(efd, v, 8)).isEqualTo(-EAGAIN);
    }

    @Test
    void shouldSignalTheRegisteredEventfdOncePerEvPostedThatPostedCqes() {
        int efd = sys.eventfd();
        assertThat(ring.registerEventfd(efd)).isZero();
        assertThat(ring.registerEventfd(efd)).isEqualTo(-EBUSY);
        for (int i = 0; i < 3; i++) {
            nop(ring, i);
        }
        ring.submit();
        MemorySegment v = arena.allocate(8);
        assertThat(sys.read(efd, v, 8)).isEqualTo(8);
        assertThat(v.get(ValueLayout.JAVA_LONG_UNALIGNED, 0)).isEqualTo(1);
        assertThat(ring.counters().get(Counter.EVENTFD_SIGNAL)).isEqualTo(1);
        assertThat(ring.unregisterEventfd()).isZero();
        assertThat(ring.unregisterEventfd()).isEqualTo(-6);
        int[] p = sys.pipe();
        assertThat(ring.registerEventfd(p[0])).isEqualTo(-EINVAL);
        assertThat(ring.registerEventfd(99)).isEqualTo(-EBADF);
    }

    @Test
    void shouldTurnAMultishotPollOnTheRingsOwnEventfdSingleShot() {
        int efd = sys.eventfd();
        ring.registerEventfd(efd);
        ring.getSqe().prepPollMultishot(efd, POLLIN).userData(9);
        ring.submit();
        nop(ring, 1);
        ring.submit();
        // the NOP's CQE signals the eventfd with EPOLL_URING_WAKE: the poll fires once and ends
        assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(9, POLLIN));
        nop(ring, 2);
        ring.submit();
        assertThat(reap(ring)).containsExactly(cqe(2, 0));
    }
}
