package dev.uringlab.workloads.fuzz;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A seeded generator of valid scenario programs (SCENARIOS.md): every command of the format and
 * every IOSQE flag, with weights that reach the rare paths (a CQ of one or two entries that
 * overflows, a failure in the middle of a chain, the removal of a woken poll, short reads and
 * writes, a full pipe, a wait for more CQEs than the CQ holds). Program {@code i} of seed
 * {@code S} depends on nothing else, so {@code fuzz --seed S} reproduces any one of them.
 *
 * <p>What the kernel does not guarantee, the generator avoids: io-wq work of two independent
 * requests completes in either order, and a CQE posted by an io-wq worker lands whenever the
 * worker gets to it (IOSQE_ASYNC, a drained request, a chain left open at the submit). So a
 * submit holds at most one independent chain with IOSQE_ASYNC, and a batch that punts to io-wq
 * is kept only if each of its SQEs posts exactly one CQE: the CQ is reaped before its submit
 * and {@code wait N} follows it for exactly its N CQEs. Whatever timing is left is caught by
 * running each program twice on the kernel ({@link DifferentialRunner}).
 *
 * <p>The generator keeps a small model of the program: which SQEs are sure to post a CQE at
 * once (a NOP, a bad opcode, a poll-remove, anything on {@code fd=99}, outside chains that hold
 * a pending request), how many such CQEs wait in the ring, and which NOPs must be reaped in
 * submission order. {@code wait N} asks only for CQEs it is sure of, so no wait times out but
 * the one probe for more CQEs than the CQ holds. Not thread-safe; one per thread.
 */
public final class ScenarioGenerator implements ProgramGenerator {
    /** This generator's name, the prefix of its programs' names. */
    public static final String NAME = "fuzz";
    /** Opcodes no kernel defines (IORING_OP_LAST is below 100 on every kernel so far). */
    private static final int[] BAD_OPCODES = {100, 163, 255};
    private static final int[] RW_LENGTHS = {1, 2, 3, 7, 64, 4096, 4097, 65536, 70000};
    private static final int[] APP_LENGTHS = {1, 2, 5, 100, 4096, 4097, 8192, 65536};
    private static final String[] NOP_FAILURES = {"-EINVAL", "-EIO", "-ECANCELED", "-ENOENT", "5"};

    private final long seed;

    public ScenarioGenerator(long seed) {
        this.seed = seed;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long seed() {
        return seed;
    }

    /** Program {@code index} of this seed. */
    @Override
    public Program program(int index) {
        return new Builder(seed, index).build();
    }

    /** One program's construction: the model's state while its lines are written. */
    private static final class Builder {
        private final long seed;
        private final int index;
        private final SplittableRandom rnd;
        private final List<String> lines = new ArrayList<>();
        private final Set<Long> sure = new HashSet<>();
        private final Set<Long> multishot = new HashSet<>();
        private final List<List<Long>> ordered = new ArrayList<>();
        private final List<Long> polls = new ArrayList<>();
        private final List<String> readEnds = new ArrayList<>();
        private final List<String> writeEnds = new ArrayList<>();
        private final List<String> pollFds = new ArrayList<>();
        private final int entries;
        private final int cqEntries;
        private long nextUd = 1;
        private boolean usesSkip;
        private boolean initFailures;
        /** SQEs queued since the last submit. */
        private int queued;
        /** The SQE queued last carried IOSQE_IO_LINK or IOSQE_IO_HARDLINK: the next one joins its chain. */
        private boolean chainOpen;
        /** Every member of the open chain so far posts at once, and no skip flag can hide the rest. */
        private boolean chainSure;
        /** The open chain holds an IOSQE_ASYNC member. */
        private boolean chainAsync;
        /** The independent chains (a lone SQE is one) of this batch. */
        private int batchChains;
        /** A batch after a drain was submitted: no more steps. */
        private boolean drainSubmitted;
        /** The lines of this batch's SQEs. */
        private final List<Integer> batchLines = new ArrayList<>();
        /** Every SQE of this batch posts exactly one CQE at once (no poll-remove: it may post two). */
        private boolean batchExact = true;
        /** This batch queued an SQE with IOSQE_IO_DRAIN. */
        private boolean batchDrain;
        /** Independent chains with IOSQE_ASYNC queued in this batch. */
        private int asyncChains;
        /** Sure CQEs of this batch; the user_data of this batch's sure SQEs. */
        private final List<Long> batchSure = new ArrayList<>();
        /** The user_data of the open chain's members. */
        private final List<Long> chainMembers = new ArrayList<>();
        /** Plain NOPs of this batch, in order. */
        private List<Long> batchPlain = new ArrayList<>();
        /** This batch queued an SQE that may not complete at once (a drain behind it waits). */
        private boolean batchPending;
        /** This batch may stop early at an SQE failing at init: nothing after it is sure. */
        private boolean batchStops;
        /** Some submitted request may still be in flight. */
        private boolean pendingEver;
        /** An SQE carried IOSQE_IO_DRAIN: later requests wait for every request in flight (drain_active). */
        private boolean drainSeen;
        /** The line of the SQE queued last. */
        private int lastSqe;
        /** Sure CQEs submitted and not yet reaped. */
        private int sureInRing;

        Builder(long seed, int index) {
            this.seed = seed;
            this.index = index;
            this.rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
            this.entries = pick(1, 1, 2, 2, 4, 4, 8, 16);
            int cq = rnd.nextInt(3) == 0 ? pick(1, 2, 4, 8) : 0;
            // IORING_SETUP_CQSIZE: at least the SQ size, rounded up to a power of two; default 2 x SQ.
            this.cqEntries = cq == 0 ? 2 * entries : Integer.highestOneBit(Math.max(cq, entries) * 2 - 1);
        }

        Program build() {
            lines.add(cqEntries == 2 * entries && rnd.nextBoolean() ? "setup entries=" + entries
                    : "setup entries=" + entries + " cq_entries=" + cqEntries);
            declareFiles();
            int steps = 3 + rnd.nextInt(rnd.nextInt(4) == 0 ? 40 : 16);
            for (int i = 0; i < steps && !drainSubmitted; i++) {
                step();
            }
            if (queued > 0 || rnd.nextBoolean()) {
                submit();
            }
            lines.add("reap");
            return new Program(NAME, seed, index, lines, initFailures ? Set.of() : sure, multishot, ordered, usesSkip,
                    initFailures, List.of());
        }

        private void declareFiles() {
            lines.add("pipe p");
            readEnds.add("p.r");
            writeEnds.add("p.w");
            pollFds.add("p.r");
            pollFds.add("p.w");
            if (rnd.nextInt(3) == 0) {
                lines.add("pipe q");
                readEnds.add("q.r");
                writeEnds.add("q.w");
                pollFds.add("q.r");
            }
            if (rnd.nextInt(5) == 0) {
                lines.add("eventfd e");
                pollFds.add("e");
                if (rnd.nextBoolean()) {
                    lines.add("register-eventfd e");
                }
            }
        }

        private void step() {
            int r = rnd.nextInt(100);
            if (r < 55) {
                sqe();
            } else if (r < 70) {
                submit();
            } else if (r < 78) {
                lines.add("app write " + pick(writeEnds) + " " + pick(APP_LENGTHS));
            } else if (r < 84) {
                lines.add("app read " + pick(readEnds) + " " + pick(APP_LENGTHS));
            } else if (r < 94) {
                lines.add("reap");
                sureInRing = 0;
            } else {
                waitForSure();
            }
        }

        /** {@code wait N} for CQEs the model is sure of; rarely, for all of them though the CQ holds fewer. */
        private void waitForSure() {
            if (sureInRing == 0) {
                return;
            }
            boolean probe = sureInRing > cqEntries && rnd.nextInt(20) == 0;
            lines.add("wait " + (probe ? sureInRing : 1 + rnd.nextInt(Math.min(sureInRing, cqEntries))));
        }

        /**
         * Ends the batch. A batch whose CQEs an io-wq worker posts whenever it gets to them
         * (IOSQE_ASYNC, IOSQE_IO_DRAIN, or a chain left open, which io_submit_state_end punts
         * through io_queue_sqe_fallback) is kept only when every SQE of it posts exactly one CQE
         * at once and they fit the CQ: then the CQ is reaped empty before the submit and
         * {@code wait N} after it waits for exactly those CQEs, so no later line races the worker.
         * Otherwise the flags that punt are dropped from the batch's lines.
         */
        private void submit() {
            boolean punted = asyncChains > 0 || batchDrain || (chainOpen && chainSure);
            // One chain only: the CQEs of a punted chain and of another chain of the batch (completed
            // inline or by task work) come in either order.
            boolean exact = batchExact && batchChains == 1 && batchLines.size() <= cqEntries;
            if (punted && !exact) {
                for (int i : batchLines) {
                    lines.set(i, lines.get(i).replace(" async", "").replace(" drain", ""));
                }
                punted = false;
            }
            if (chainOpen && !punted) {
                String last = lines.get(lastSqe);
                lines.set(lastSqe, last.replace(" hardlink", "").replace(" link", ""));
            }
            if (punted) {
                lines.add("reap");
                sureInRing = 0;
            }
            lines.add("submit");
            sureInRing += batchSure.size();
            sure.addAll(batchSure);
            if (batchPlain.size() > 1) {
                ordered.add(batchPlain);
            }
            pendingEver |= batchPending;
            if (punted) {
                lines.add("wait " + batchLines.size());
            }
            // Once a drain was seen (drain_active), a later request may go through io_drain_req and
            // complete whenever the deferred list is run: the program ends here.
            drainSubmitted = drainSeen;
            batchSure.clear();
            batchLines.clear();
            batchPlain = new ArrayList<>();
            batchPending = batchStops = chainOpen = chainAsync = batchDrain = false;
            batchExact = true;
            asyncChains = queued = batchChains = 0;
        }

        private void sqe() {
            if (queued == entries) {
                submit();
            }
            if (drainSubmitted) {
                return;
            }
            long ud = nextUd++;
            StringBuilder line = new StringBuilder();
            boolean selfSure;
            boolean plain = false;
            boolean stops = false;
            // Behind an async member, only requests that complete at once: the wait after the submit covers them.
            int op = chainOpen && chainAsync ? (rnd.nextBoolean() ? 0 : 55) : rnd.nextInt(100);
            if (op < 30) {
                line.append("nop ud=").append(ud);
                boolean fails = rnd.nextInt(5) == 0;
                if (fails) {
                    line.append(" fail=").append(pick(NOP_FAILURES));
                }
                selfSure = true;
                plain = !fails;
            } else if (op < 52) {
                String fd = rnd.nextInt(20) == 0 ? "99" : pick(pollFds);
                line.append("poll ud=").append(ud).append(" fd=").append(fd);
                int ev = rnd.nextInt(4);
                if (ev == 1) {
                    line.append(" events=OUT");
                } else if (ev == 2) {
                    line.append(" events=IN|OUT");
                }
                boolean multi = rnd.nextInt(5) < 2;
                if (multi) {
                    line.append(" multi");
                    multishot.add(ud);
                }
                polls.add(ud);
                selfSure = fd.equals("99");
            } else if (op < 60) {
                long target = !polls.isEmpty() && rnd.nextInt(5) > 0 ? pick(polls) : 1000 + rnd.nextInt(10);
                line.append("poll-remove ud=").append(ud).append(" target=").append(target);
                selfSure = true;
            } else if (op < 77) {
                String fd = rnd.nextInt(20) == 0 ? "99" : pick(readEnds);
                line.append("read ud=").append(ud).append(" fd=").append(fd).append(" len=").append(pick(RW_LENGTHS));
                selfSure = fd.equals("99");
            } else if (op < 95) {
                String fd = rnd.nextInt(20) == 0 ? "99" : pick(writeEnds);
                line.append("write ud=").append(ud).append(" fd=").append(fd).append(" len=").append(pick(RW_LENGTHS));
                selfSure = fd.equals("99");
            } else {
                line.append("opcode ud=").append(ud).append(" op=").append(BAD_OPCODES[rnd.nextInt(BAD_OPCODES.length)]);
                selfSure = true;
                stops = true;
            }
            boolean link = rnd.nextInt(100) < 22;
            boolean hardlink = !link && rnd.nextInt(100) < 5;
            boolean skip = rnd.nextInt(100) < 7;
            // A drained request may be punted (io_drain_req, io_queue_sqe_fallback): like async
            // work, only on requests that complete at once, and waited for after the submit.
            boolean drain = rnd.nextInt(100) < 5 && selfSure && !skip;
            // One independent async chain per batch: two would complete in either order.
            boolean async = rnd.nextInt(100) < 10 && selfSure && !skip && (chainOpen ? chainSure : asyncChains == 0)
                    && (asyncChains == 0 || (chainOpen && chainAsync));
            if (link) {
                line.append(" link");
            }
            if (hardlink) {
                line.append(" hardlink");
            }
            if (drain) {
                line.append(" drain");
            }
            if (async) {
                line.append(" async");
            }
            if (skip) {
                line.append(" skip");
                usesSkip = true;
            }
            // A drain waits for every request before it; skip with drain, or with multishot, fails at init.
            stops |= (skip && (drain || multishot.contains(ud))) || (drain && usesSkip);
            // io_drain_req: once a drain was seen, a request queues behind every request in flight;
            // a drain flag on a link member drains its whole chain, head included.
            drainSeen |= drain;
            if (drain && chainOpen && (pendingEver || batchPending)) {
                batchSure.removeAll(chainMembers);
                chainSure = false;
            }
            boolean isSure = selfSure && !skip && !batchStops && !(drainSeen && (pendingEver || batchPending))
                    && (!chainOpen || chainSure);
            if (chainOpen) {
                chainSure &= isSure && !skip;
            } else {
                chainSure = isSure;
            }
            if (!chainOpen) {
                chainMembers.clear();
            }
            chainMembers.add(ud);
            if (isSure) {
                batchSure.add(ud);
            } else {
                batchPending = true;
            }
            // After a drain, a request may be deferred while the one behind it is not (io_drain_req).
            if (plain && !drainSeen && !link && !hardlink && !async && !skip && !chainOpen && !batchStops) {
                batchPlain.add(ud);
            }
            if (async && !(chainOpen && chainAsync)) {
                asyncChains++;
            }
            batchDrain |= drain;
            if (!chainOpen) {
                batchChains++; // this SQE starts a chain
            }
            chainAsync = chainOpen ? chainAsync || async : async;
            chainOpen = link || hardlink;
            initFailures |= stops;
            batchStops |= stops;
            lastSqe = lines.size();
            batchLines.add(lastSqe);
            batchExact &= isSure && !line.toString().startsWith("poll-remove") && !stops;
            lines.add(line.toString());
            queued++;
            if (stops) {
                submit(); // what follows an init failure would wait in the SQ: end the batch here
            }
        }

        private int pick(int... values) {
            return values[rnd.nextInt(values.length)];
        }

        private <T> T pick(List<T> values) {
            return values.get(rnd.nextInt(values.size()));
        }

        private String pick(String[] values) {
            return values[rnd.nextInt(values.length)];
        }
    }
}
