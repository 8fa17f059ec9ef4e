package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.Syscalls;
import dev.uringlab.core.fs.Pipe;
import dev.uringlab.core.fs.UnixStreamSocket;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK): stream semantics and the poll events of {@link UnixStreamSocket}. */
class UnixStreamSocketTest {
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

    @Test
    void shouldReadAcrossSendsAndPartially() {
        int[] sv = sys.socketpair();
        MemorySegment buf = arena.allocate(64);
        assertThat(sys.read(sv[1], buf, 16)).as("empty, peer open").isEqualTo(-EAGAIN);
        assertThat(sys.write(sv[0], buf, 10)).isEqualTo(10);
        assertThat(sys.write(sv[0], buf, 6)).isEqualTo(6);
        assertThat(sys.read(sv[1], buf, 12)).as("two sends, one partial read").isEqualTo(12);
        assertThat(sys.read(sv[1], buf, 64)).as("the rest").isEqualTo(4);
        assertThat(sys.write(sv[1], buf, 3)).as("the other direction").isEqualTo(3);
        assertThat(sys.read(sv[0], buf, 64)).isEqualTo(3);
    }

    @Test
    void shouldWriteWhatFitsThenRefuseThenEndTheStream() {
        int[] sv = sys.socketpair();
        MemorySegment big = arena.allocate(UnixStreamSocket.SNDBUF + 100);
        assertThat(sys.write(sv[0], big, UnixStreamSocket.SNDBUF + 100)).as("a partial write").isEqualTo(UnixStreamSocket.SNDBUF);
        assertThat(sys.write(sv[0], big, 1)).isEqualTo(-EAGAIN);
        assertThat(sys.close(sv[0])).isZero();
        assertThat(sys.read(sv[1], big, UnixStreamSocket.SNDBUF + 100)).as("queued bytes survive the close").isEqualTo(UnixStreamSocket.SNDBUF);
        assertThat(sys.read(sv[1], big, 1)).as("end of stream").isZero();
        assertThat(sys.write(sv[1], big, 1)).isEqualTo(-Pipe.EPIPE);
    }

    @Test
    void shouldKeepTheBytesInOrderAcrossTheQueuesEnd() {
        int[] sv = sys.socketpair();
        int n = 10_000;
        MemorySegment src = arena.allocate(n);
        MemorySegment dst = arena.allocate(UnixStreamSocket.SNDBUF);
        for (int i = 0; i < n; i++) {
            src.set(ValueLayout.JAVA_BYTE, i, (byte) (i % 251));
        }
        int skip = UnixStreamSocket.SNDBUF - n / 2; // the next send wraps at the queue's end
        assertThat(sys.write(sv[0], dst, skip)).isEqualTo(skip);
        assertThat(sys.read(sv[1], dst, skip)).isEqualTo(skip);
        assertThat(sys.write(sv[0], src, n)).isEqualTo(n);
        assertThat(sys.read(sv[1], dst, n)).isEqualTo(n);
        assertThat(dst.asSlice(0, n).mismatch(src)).as("first differing byte").isEqualTo(-1L);
    }

    @Test
    void shouldPostAMultishotPollInForEverySendAndPollOutWhenArmed() {
        int[] sv = sys.socketpair();
        MemorySegment buf = arena.allocate(16);
        ring.getSqe().prepPollMultishot(sv[1], POLLIN).userData(1);
        ring.getSqe().prepPollAdd(sv[1], POLLOUT).userData(2);
        assertThat(ring.submit()).isEqualTo(2);
        assertThat(reap(ring)).as("writable at once").containsExactly(cqe(2, POLLOUT));
        for (int i = 0; i < 3; i++) {
            assertThat(sys.write(sv[0], buf, 16)).isEqualTo(16);
            assertThat(sys.read(sv[1], buf, 16)).isEqualTo(16);
        }
        assertThat(reap(ring)).hasSize(3).containsOnly(cqe(1, POLLIN, "MORE"));
    }
}
