package dev.uringlab.demos;

import dev.uringlab.api.Opcodes;
import dev.uringlab.workloads.scenario.FdRef;
import dev.uringlab.workloads.scenario.Step;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bytes waiting in each pipe and socket pair a demo declares, as its program and its trace
 * show them, by the end they are read from: {@code p.r} for the pipe {@code p}'s buffer (its
 * pipe_buffer ring), {@code s.a} and {@code s.b} for the receive queues ({@code sk_receive_queue})
 * of the socket pair {@code s}'s two ends. A write to one end of a socket pair queues its bytes at
 * the other, charged to the writer (AF_UNIX: {@code sk_wmem_alloc}) until they are read, which is
 * what wakes the writer with POLLOUT. The application's own {@code write(2)} and {@code read(2)}
 * move bytes when the program line runs; a ring's READ or WRITE when the trace shows its result
 * (the first of io_req_complete_defer, io_req_task_complete, io_req_complete_post), which the
 * trace gives after the file's own wake-up. One arm, one thread.
 */
final class FileBuffers {
    /** Bytes queued by the end they are read from, in name order. */
    private final Map<String, Integer> queued = new TreeMap<>();
    /** The buffer each ring READ or WRITE moves bytes in or out of, signed: +1 a write, -1 a read, by user_data. */
    private final Map<Long, Move> pending = new HashMap<>();

    private record Move(String buffer, int sign) {}

    /** A program line, as it runs: a file declared, the application's own IO, or a READ/WRITE SQE filled. */
    void program(Step step) {
        switch (step) {
            case Step.DeclarePipe p -> queued.put(p.name() + ".r", 0);
            case Step.DeclareSocketPair s -> {
                queued.put(s.name() + ".a", 0);
                queued.put(s.name() + ".b", 0);
            }
            case Step.AppWrite w -> move(bufferWrittenBy(w.end()), w.count());
            case Step.AppRead r -> move(r.end(), -r.count());
            case Step.ReadWrite rw when rw.fd() instanceof FdRef.Declared d -> {
                boolean write = rw.opcode() == Opcodes.IORING_OP_WRITE;
                pending.put(rw.userData(), new Move(write ? bufferWrittenBy(d.spelling()) : d.spelling(), write ? 1 : -1));
            }
            default -> { }
        }
    }

    /** A request's result, from the trace: a READ or WRITE of {@code res} bytes has moved them. */
    void completed(long ud, long res) {
        Move m = pending.remove(ud);
        if (m != null && res > 0) {
            move(m.buffer(), m.sign() * (int) res);
        }
    }

    /** Bytes queued by end; empty when the demo declares no pipe or socket pair. */
    Map<String, Integer> snapshot() {
        return new TreeMap<>(queued);
    }

    /** Where bytes written to {@code end} wait: a pipe's read end, the peer of a socket pair's end. */
    private String bufferWrittenBy(String end) {
        if (end.lastIndexOf('.') < 0) {
            return end; // an eventfd or a device: nothing drawn
        }
        String file = end.substring(0, end.lastIndexOf('.'));
        return switch (end.substring(end.lastIndexOf('.') + 1)) {
            case "w" -> file + ".r";
            case "a" -> file + ".b";
            case "b" -> file + ".a";
            default -> end;
        };
    }

    /** Adds {@code n} bytes to {@code buffer}; a read takes at most what is there, as read(2) does. */
    private void move(String buffer, int n) {
        queued.computeIfPresent(buffer, (k, v) -> Math.max(0, v + n));
    }
}
