package dev.uringlab.stress;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.api.Sqe;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * What the tests share: an emulated ring in threaded mode (real io-wq workers, a parked owner),
 * and the one-byte write a waker does. A jcstress state is created and published by the harness
 * before its actors start, so what a constructor does here happens-before every actor.
 */
final class StressRings {
    /** The engine under test. */
    static final String ENGINE = "emulated";
    /** One byte to write: shared, read-only. */
    private static final MemorySegment BYTE = Arena.global().allocate(1).fill((byte) 'x');

    private StressRings() {}

    /** An emulated ring of {@code entries} SQ entries, every axis at baseline, threaded. */
    static Ring open(int entries) {
        try {
            return Rings.open(ENGINE, RingConfig.builder(entries).deterministic(false).build());
        } catch (RingUnavailableException e) {
            throw new IllegalStateException("the emulated ring cannot open: " + e.getMessage(), e);
        }
    }

    /** A single-shot POLL_ADD for POLLIN on {@code fd}, submitted: it waits for the pipe to fill. */
    static void armPoll(Ring ring, int fd, long userData) {
        Sqe sqe = ring.getSqe();
        sqe.prepPollAdd(fd, dev.uringlab.api.PollEvents.POLLIN).userData(userData);
        if (ring.submit() != 1) {
            throw new IllegalStateException("POLL_ADD not submitted");
        }
    }

    /** write(2) of one byte: the waker's side of a poll (pipe_write wakes rd_wait, io_poll_wake runs). */
    static void writeOne(Ring ring, int fd) {
        if (ring.sys().write(fd, BYTE, 1) != 1) {
            throw new IllegalStateException("write to the pipe failed");
        }
    }
}
