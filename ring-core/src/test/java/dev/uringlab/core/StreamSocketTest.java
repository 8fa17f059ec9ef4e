package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EPIPE;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Syscalls;
import dev.uringlab.spi.Counter;
import dev.uringlab.core.fs.StreamSocket;
import dev.uringlab.spi.trace.StepKind;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK) and a loopback TCP connection: stream
 * semantics, the poll events of {@link StreamSocket}, and when each family wakes a sender with
 * POLLOUT.
 */
class StreamSocketTest {
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
        MemorySegment big = arena.allocate(StreamSocket.SNDBUF + 100);
        assertThat(sys.write(sv[0], big, StreamSocket.SNDBUF + 100)).as("a partial write").isEqualTo(StreamSocket.SNDBUF);
        assertThat(sys.write(sv[0], big, 1)).isEqualTo(-EAGAIN);
        assertThat(sys.close(sv[0])).isZero();
        assertThat(sys.read(sv[1], big, StreamSocket.SNDBUF + 100)).as("queued bytes survive the close").isEqualTo(StreamSocket.SNDBUF);
        assertThat(sys.read(sv[1], big, 1)).as("end of stream").isZero();
        assertThat(sys.write(sv[1], big, 1)).isEqualTo(-EPIPE);
    }

    @Test
    void shouldKeepTheBytesInOrderAcrossTheQueuesEnd() {
        int[] sv = sys.socketpair();
        int n = 10_000;
        MemorySegment src = arena.allocate(n);
        MemorySegment dst = arena.allocate(StreamSocket.SNDBUF);
        for (int i = 0; i < n; i++) {
            src.set(ValueLayout.JAVA_BYTE, i, (byte) (i % 251));
        }
        int skip = StreamSocket.SNDBUF - n / 2; // the next send wraps at the queue's end
        assertThat(sys.write(sv[0], dst, skip)).isEqualTo(skip);
        assertThat(sys.read(sv[1], dst, skip)).isEqualTo(skip);
        assertThat(sys.write(sv[0], src, n)).isEqualTo(n);
        assertThat(sys.read(sv[1], dst, n)).isEqualTo(n);
        assertThat(dst.asSlice(0, n).mismatch(src)).as("first differing byte").isEqualTo(-1L);
    }

    /** The receive buffer starts small and grows as sends queue more; the bytes stay in order across each growth and wrap. */
    @Test
    void shouldKeepTheBytesInOrderAsTheQueueGrows() {
        int[] sv = sys.socketpair();
        int n = StreamSocket.SNDBUF / 2;
        MemorySegment src = arena.allocate(n);
        MemorySegment dst = arena.allocate(n);
        for (int i = 0; i < n; i++) {
            src.set(ValueLayout.JAVA_BYTE, i, (byte) (i % 253));
        }
        assertThat(sys.write(sv[0], src, 300)).isEqualTo(300);
        assertThat(sys.read(sv[1], dst, 200)).as("the head moves on").isEqualTo(200);
        assertThat(sys.write(sv[0], src.asSlice(300), 400)).as("wraps in the first buffer, then grows").isEqualTo(400);
        assertThat(sys.write(sv[0], src.asSlice(700), n - 700)).isEqualTo(n - 700);
        assertThat(sys.read(sv[1], dst.asSlice(200), n - 200)).isEqualTo(n - 200);
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

    /** AF_UNIX: the peer's read of this end's bytes wakes it with POLLOUT (unix_write_space), asked or not. */
    @Test
    void shouldWakeAnAfUnixSenderWithPolloutOnEveryReadOfItsBytes() {
        assertThat(wakesOfTheSenderPerRead(sys.socketpair())).isEqualTo(1);
    }

    /**
     * AF_UNIX: a read that leaves part of an skb frees nothing and wakes nobody; the read that
     * finishes it frees it (consume_skb -> sock_wfree -> unix_write_space, net/unix/af_unix.c:3077-3085
     * at v6.18.2); a read across several skbs frees each, and each free wakes the writable sender.
     */
    @Test
    void shouldWakeAnAfUnixSenderOnlyAsAReadFinishesEachOfItsSkbs() {
        int[] sv = sys.socketpair();
        MemorySegment buf = arena.allocate(64);
        ring.getSqe().prepPollMultishot(sv[0], POLLIN).userData(1);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(sys.write(sv[0], buf, 16)).isEqualTo(16);
        assertThat(wakes(() -> assertThat(sys.read(sv[1], buf, 4)).isEqualTo(4))).as("a partial read of the skb").isZero();
        assertThat(wakes(() -> assertThat(sys.read(sv[1], buf, 12)).isEqualTo(12))).as("the read that finishes it").isEqualTo(1);
        assertThat(sys.write(sv[0], buf, 10)).isEqualTo(10);
        assertThat(sys.write(sv[0], buf, 6)).isEqualTo(6);
        assertThat(wakes(() -> assertThat(sys.read(sv[1], buf, 64)).isEqualTo(16))).as("one read, two skbs freed").isEqualTo(2);
    }

    /** AF_UNIX: a sender stays unwritable while a partly read skb still charges it more than a quarter of the buffer. */
    @Test
    void shouldKeepAPartlyReadSkbChargedToTheSender() {
        int[] sv = sys.socketpair();
        int quarter = StreamSocket.SNDBUF / 4;
        MemorySegment buf = arena.allocate(quarter + 1);
        assertThat(sys.write(sv[0], buf, quarter + 1)).isEqualTo(quarter + 1);
        ring.getSqe().prepPollAdd(sv[0], POLLOUT).userData(1);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(reap(ring)).as("unix_writable: more than a quarter charged").isEmpty();
        assertThat(sys.read(sv[1], buf, quarter)).isEqualTo(quarter);
        assertThat(reap(ring)).as("one byte of the skb is left: all of it is still charged").isEmpty();
        assertThat(sys.read(sv[1], buf, 1)).isEqualTo(1);
        assertThat(reap(ring)).as("the skb is freed").containsExactly(cqe(1, POLLOUT));
    }

    /** AF_UNIX: a send larger than {@link StreamSocket#SKB_MAX} is queued as several skbs; reading the first whole frees it alone. */
    @Test
    void shouldSplitALargeAfUnixSendIntoSkbs() {
        int[] sv = sys.socketpair();
        int n = StreamSocket.SKB_MAX + 100;
        MemorySegment buf = arena.allocate(n);
        ring.getSqe().prepPollMultishot(sv[0], POLLIN).userData(1);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(sys.write(sv[0], buf, n)).isEqualTo(n);
        assertThat(wakes(() -> assertThat(sys.read(sv[1], buf, StreamSocket.SKB_MAX - 1)).isEqualTo(StreamSocket.SKB_MAX - 1)))
                .as("one byte short of the first skb").isZero();
        assertThat(wakes(() -> assertThat(sys.read(sv[1], buf, 1)).isEqualTo(1))).as("the first skb is freed; 100 bytes charged").isEqualTo(1);
        assertThat(wakes(() -> assertThat(sys.read(sv[1], buf, 100)).isEqualTo(100))).as("the second").isEqualTo(1);
    }

    /** TCP: sk_stream_write_space runs only with SOCK_NOSPACE set, which no send that fitted set. */
    @Test
    void shouldNotWakeATcpSenderWhoseSendsFitted() {
        assertThat(wakesOfTheSenderPerRead(sys.tcpPair())).isZero();
    }

    /** TCP: a send that ran out of room sets SOCK_NOSPACE; the read that frees room wakes the sender with POLLOUT, once. */
    @Test
    void shouldWakeATcpSenderThatRanOutOfRoomOnce() {
        int[] sv = sys.tcpPair();
        MemorySegment big = arena.allocate(StreamSocket.SNDBUF + 1);
        assertThat(sys.write(sv[0], big, StreamSocket.SNDBUF + 1)).as("a partial send: wait_for_space").isEqualTo(StreamSocket.SNDBUF);
        ring.getSqe().prepPollAdd(sv[0], POLLOUT).userData(1);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(reap(ring)).as("not writable").isEmpty();
        assertThat(sys.read(sv[1], big, StreamSocket.SNDBUF)).isEqualTo(StreamSocket.SNDBUF);
        assertThat(reap(ring)).as("the read freed the room: tcp_check_space -> sk_stream_write_space").containsExactly(cqe(1, POLLOUT));
        ring.getSqe().prepPollMultishot(sv[0], POLLIN).userData(2);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(wakes(() -> {
            sys.write(sv[0], big, 16);
            sys.read(sv[1], big, 16);
        })).as("SOCK_NOSPACE was cleared: the next read wakes nobody").isZero();
    }

    /**
     * Every send and every receive through a socket is one {@code sock} step, the protocol's pass
     * (tcp_sendmsg / tcp_recvmsg, unix_stream_sendmsg / unix_stream_recvmsg), whether it comes from
     * write(2) and read(2) or from io_uring's WRITE and READ through sock_write_iter and
     * sock_read_iter; a receive that finds nothing still takes it; a read of nothing returns before
     * the protocol (sock_read_iter's "Match SYS5 behaviour").
     */
    @Test
    void shouldTakeOneProtocolPassPerSendAndPerReceive() {
        List<String> sock = new ArrayList<>();
        try (Ring traced = RingFixture.open(RingConfig.builder(16).deterministic(true).trace(e -> {
            if (e.point().kind() == StepKind.SOCKET) {
                sock.add(e.typedStep());
            }
        }).build())) {
            Syscalls s = traced.sys();
            MemorySegment buf = arena.allocate(16);
            int[] tcp = s.tcpPair();
            assertThat(s.write(tcp[1], buf, 16)).isEqualTo(16);
            traced.getSqe().prepRead(tcp[0], buf, 16, 0).userData(1);
            assertThat(traced.submitAndWait(1)).isEqualTo(1);
            traced.getSqe().prepWrite(tcp[0], buf, 16, 0).userData(2);
            assertThat(traced.submitAndWait(1)).isEqualTo(1);
            assertThat(reap(traced)).containsExactly(cqe(1, 16), cqe(2, 16));
            assertThat(s.read(tcp[1], buf, 16)).isEqualTo(16);
            assertThat(sock).as("the echo's four passes").containsExactly("sock tcp_sendmsg", "sock tcp_recvmsg", "sock tcp_sendmsg",
                    "sock tcp_recvmsg");

            sock.clear();
            assertThat(s.read(tcp[1], buf, 16)).as("nothing queued").isEqualTo(-EAGAIN);
            assertThat(s.read(tcp[1], buf, 0)).as("a read of nothing").isZero();
            int[] unix = s.socketpair();
            assertThat(s.write(unix[0], buf, 16)).isEqualTo(16);
            assertThat(s.read(unix[1], buf, 16)).isEqualTo(16);
            assertThat(sock).containsExactly("sock tcp_recvmsg", "sock unix_stream_sendmsg", "sock unix_stream_recvmsg");
        }
    }

    /** Waitqueue wakes of a sender's socket when its peer reads 16 bytes it sent, with a POLLIN poll armed on the sender. */
    private int wakesOfTheSenderPerRead(int[] sv) {
        MemorySegment buf = arena.allocate(16);
        ring.getSqe().prepPollMultishot(sv[0], POLLIN).userData(1);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(sys.write(sv[0], buf, 16)).isEqualTo(16);
        return wakes(() -> assertThat(sys.read(sv[1], buf, 16)).isEqualTo(16));
    }

    private int wakes(Runnable r) {
        long before = ring.counters().get(Counter.WAITQUEUE_WAKE);
        r.run();
        return (int) (ring.counters().get(Counter.WAITQUEUE_WAKE) - before);
    }
}
