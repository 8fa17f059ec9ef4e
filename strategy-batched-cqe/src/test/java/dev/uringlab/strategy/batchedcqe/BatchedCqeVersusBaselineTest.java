package dev.uringlab.strategy.batchedcqe;

import static dev.uringlab.api.PollEvents.POLLIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.api.Sqe;
import dev.uringlab.spi.Axis;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Generated programs of multishot wakeups (the application writing to pipes that multishot
 * polls watch), terminal completions (POLL_REMOVE, NOPs, failing NOPs) and reaps, run on two
 * emulated rings with identical inputs: completion=baseline and completion=batched-cqe with a
 * random CQE array length. The CQE streams, submit results and read results must be equal.
 * The CQ is large enough never to overflow: in overflow the two differ by design (the series
 * refuses a deferred aux CQE only once the overflow bit is set, see
 * {@link MultishotOrderingTest}).
 *
 * <p>Each program comes from a seed; a failure names it. {@code -Dbatched.seed=N} replays one.
 */
class BatchedCqeVersusBaselineTest {
    private static final int PROGRAMS = 80;
    private static final int OPS = 160;
    private static final int SQ_ENTRIES = 16;
    private static final int CQ_ENTRIES = 1024;
    private static final int PIPES = 3;
    private static final int MAX_POLLS = 24;
    /** Reap at least this often, so that OPS_BETWEEN_REAPS x MAX_POLLS CQEs never fill the CQ. */
    private static final int OPS_BETWEEN_REAPS = 8;

    /** One step of a program; pipe indexes and user_data are the same on both rings. */
    sealed interface Op {}
    record AppWrite(int pipe) implements Op {}
    record AppRead(int pipe) implements Op {}
    record PollMulti(int pipe, long ud) implements Op {}
    record PollRemove(long target, long ud) implements Op {}
    record Nop(long ud, int res) implements Op {}
    record Submit() implements Op {}
    record Reap() implements Op {}

    @Test
    void shouldGiveTheSameCqeStreamAsBaselineOnRandomInterleavings() throws RingUnavailableException {
        long base = Long.getLong("batched.seed", System.nanoTime());
        int programs = System.getProperty("batched.seed") != null ? 1 : PROGRAMS;
        for (int i = 0; i < programs; i++) {
            long seed = base + i;
            Random random = new Random(seed);
            List<Op> program = generate(random);
            String cqeArray = Integer.toString(new int[] {1, 2, 3, 8, 16}[random.nextInt(5)]);
            List<String> baseline = run(program, RingConfig.builder(SQ_ENTRIES).cqEntries(CQ_ENTRIES).deterministic(true));
            List<String> batched = run(program, RingConfig.builder(SQ_ENTRIES).cqEntries(CQ_ENTRIES).deterministic(true)
                    .strategy(Axis.COMPLETION.key(), BatchedCqeProvider.ALIAS).option(BatchedCqeProvider.CQE_ARRAY_OPTION, cqeArray));
            assertThat(batched).as("seed %d (replay with -Dbatched.seed=%d), cqe-array=%s, program %s", seed, seed, cqeArray, program)
                    .isEqualTo(baseline);
        }
    }

    static List<Op> generate(Random random) {
        List<Op> ops = new ArrayList<>();
        List<Long> polls = new ArrayList<>();
        long nextUd = 1;
        int queued = 0;
        int sinceReap = 0;
        for (int i = 0; i < OPS; i++) {
            int dice = random.nextInt(100);
            Op op;
            if (dice < 30) {
                op = new AppWrite(random.nextInt(PIPES));
            } else if (dice < 42) {
                op = new AppRead(random.nextInt(PIPES));
            } else if (dice < 55 && polls.size() < MAX_POLLS) {
                op = new PollMulti(random.nextInt(PIPES), nextUd);
                polls.add(nextUd++);
            } else if (dice < 62 && !polls.isEmpty()) {
                // sometimes a target that is gone or never was: -ENOENT
                long target = random.nextInt(4) == 0 ? nextUd + 1000 : polls.get(random.nextInt(polls.size()));
                op = new PollRemove(target, nextUd++);
            } else if (dice < 72) {
                int res = random.nextBoolean() ? 0 : -(new int[] {Errno.EIO, Errno.EINVAL, Errno.ECANCELED}[random.nextInt(3)]);
                op = new Nop(nextUd++, res);
            } else if (dice < 88) {
                op = new Submit();
            } else {
                op = new Reap();
            }
            if (op instanceof PollMulti || op instanceof PollRemove || op instanceof Nop) {
                if (queued == SQ_ENTRIES) {
                    ops.add(new Submit());
                    queued = 0;
                }
                queued++;
            } else if (op instanceof Submit) {
                queued = 0;
            }
            ops.add(op);
            if (op instanceof Reap) {
                sinceReap = 0;
            } else if (++sinceReap == OPS_BETWEEN_REAPS) {
                ops.add(new Reap());
                sinceReap = 0;
            }
        }
        ops.add(new Submit());
        ops.add(new Reap());
        return ops;
    }

    /** Runs a program; returns what the application saw: CQEs, submit and read results, in order. */
    static List<String> run(List<Op> program, RingConfig.Builder config) throws RingUnavailableException {
        List<String> seen = new ArrayList<>();
        try (Ring ring = Rings.open("emulated", config.build()); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[][] pipes = new int[PIPES][];
            for (int p = 0; p < PIPES; p++) {
                pipes[p] = ring.sys().pipe();
            }
            CqeStream stream = new CqeStream(ring);
            for (Op op : program) {
                switch (op) {
                    case AppWrite w -> seen.add("write " + ring.sys().write(pipes[w.pipe()][1], buf, 1));
                    case AppRead r -> seen.add("read " + ring.sys().read(pipes[r.pipe()][0], buf, 1));
                    case PollMulti p -> sqe(ring).prepPollMultishot(pipes[p.pipe()][0], POLLIN).userData(p.ud());
                    case PollRemove r -> sqe(ring).prepPollRemove(r.target()).userData(r.ud());
                    case Nop n -> (n.res() == 0 ? sqe(ring).prepNop() : sqe(ring).prepNopInject(n.res())).userData(n.ud());
                    case Submit s -> seen.add("submitted " + ring.submit());
                    case Reap r -> {
                        int before = stream.cqes().size();
                        stream.reap();
                        stream.cqes().subList(before, stream.cqes().size()).forEach(c -> seen.add(c.toString()));
                    }
                }
            }
        }
        return seen;
    }

    private static Sqe sqe(Ring ring) {
        Sqe sqe = ring.getSqe();
        if (sqe == null) {
            throw new AssertionError("the generator queued more SQEs than the SQ holds");
        }
        return sqe;
    }
}
