package dev.uringlab.workloads.fuzz;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The second generator, written apart from {@link ScenarioGenerator} so that the two do not share
 * blind spots: it aims at the edges. Pipes filled to the brim or to an odd byte count, so writes
 * come back short or wait; long chains of every kind of request mixing {@code link} and
 * {@code hardlink}, with a failing member at any position; chains left open at the end of a
 * submit; CQs of 1 to 4 entries; duplicate user_data; polls for events the file can never raise
 * (POLLOUT on a read end, POLLIN on a write end); POLL_REMOVE of finished, unknown and pending
 * targets; the skip flag on every kind of request; an AF_UNIX socket pair (every third program)
 * whose ends are read, written and polled from the ring and by the application, so that a read on
 * one end wakes the other's waitqueue with POLLOUT (unix_write_space) under polls for POLLIN. The
 * socket pair carries at most {@value #SOCKET_BUDGET} bytes each way in a program: its buffer is a
 * model (the emulator's 64 KiB against the kernel's sk_sndbuf, charged by skb truesize), so the
 * generator keeps well inside both and never asks where they part.
 *
 * <p>It keeps no model of which CQE comes when. Instead, what the kernel leaves unordered is
 * named, not avoided: a batch that hands work to io-wq (IOSQE_ASYNC, IOSQE_IO_DRAIN, a chain left
 * open) holds only requests that post exactly one CQE each, without the skip flag, is preceded by
 * a {@code reap} and followed by {@code wait N} for all of them, and its requests are
 * {@link Program#freeChains()}: {@link Judge} compares their CQEs per chain, not by position. Every
 * other batch completes inline or in the submitting task's own task work, which the kernel runs
 * before io_uring_enter returns to user space (and a wakeup by the program's own {@code app write}
 * before write(2) returns), so its stream is compared line by line. A drain ends the program
 * (once drain_active, later requests may be deferred). Not thread-safe; one per thread.
 */
public final class EdgeGenerator implements ProgramGenerator {
    /** This generator's name, the prefix of its programs' names. */
    public static final String NAME = "edge";
    /** Fills that leave a pipe brim-full, a byte short, half a page short, or at an odd count. */
    private static final int[] FILLS = {65536, 65535, 61440, 61441, 32768, 29576, 4095, 4096, 4097, 1899, 1};
    private static final int[] LENGTHS = {1, 1, 2, 4095, 4096, 4097, 32768, 65536, 65537};
    private static final String[] FAILURES = {"-EINVAL", "-EIO", "-ECANCELED", "-EAGAIN", "0", "7"};
    /** Lengths of the socket pair's writes and reads. */
    private static final int[] SOCKET_LENGTHS = {1, 16, 100, 4096};
    /**
     * The bytes written to each end of the socket pair in one program, at most: far below a quarter of
     * either send buffer (unix_writable), so a socket end is always writable on both rings.
     */
    static final int SOCKET_BUDGET = 12_000;

    private final long seed;

    public EdgeGenerator(long seed) {
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

    @Override
    public Program program(int index) {
        return new Builder(seed, index).build();
    }

    /** One program's construction. */
    private static final class Builder {
        private final long seed;
        private final int index;
        private final SplittableRandom rnd;
        private final List<String> lines = new ArrayList<>();
        private final int entries;
        private final int cqEntries;
        private final boolean skipProgram;
        private final Set<Long> multishot = new HashSet<>();
        private final List<List<Long>> freeChains = new ArrayList<>();
        /** user_data that may be used again (never one of io-wq work). */
        private final List<Long> reusable = new ArrayList<>();
        /** Polls and pending requests: targets for POLL_REMOVE. */
        private final List<Long> targets = new ArrayList<>();
        private long nextUd = 1;
        /** Whether the program declares the socket pair {@code s}. */
        private final boolean socket;
        /** Bytes written so far to the socket pair's ends {@code s.a} (0) and {@code s.b} (1). */
        private final int[] socketBytes = new int[2];
        private boolean usesSkip;
        private boolean initFailures;
        private boolean ended;

        Builder(long seed, int index) {
            this.seed = seed;
            this.index = index;
            this.rnd = new SplittableRandom((seed ^ 0xED6E_5EEDL) * 0xBF58476D1CE4E5B9L + 31L * index);
            // CQs of 1 to 4 most of the time: IORING_SETUP_CQSIZE needs cq >= sq, rounded to a power of two.
            this.entries = pick(1, 1, 2, 2, 2, 4, 8);
            int cq = rnd.nextInt(4) == 0 ? 2 * entries : Math.max(entries, pick(1, 2, 3, 4));
            this.cqEntries = Integer.highestOneBit(cq * 2 - 1);
            this.skipProgram = rnd.nextInt(4) == 0;
            // Every third program, and rnd drawn from only where the socket pair is used: a program without one
            // is the same as before the socket pair came (edge seed 2's program 1584 is still itself).
            this.socket = index % 3 == 2;
        }

        Program build() {
            lines.add("setup entries=" + entries + " cq_entries=" + cqEntries);
            lines.add("pipe p");
            if (rnd.nextInt(3) == 0) {
                lines.add("pipe q");
            }
            if (socket) {
                lines.add("socketpair s");
            }
            if (rnd.nextInt(3) > 0) {
                lines.add("app write p.w " + pick(FILLS));
            }
            int batches = 1 + rnd.nextInt(6);
            for (int b = 0; b < batches && !ended; b++) {
                if (rnd.nextInt(5) == 0) {
                    ioWqBatch();
                } else {
                    inlineBatch();
                }
                between();
            }
            lines.add("reap");
            return new Program(NAME, seed, index, lines, Set.of(), multishot, List.of(), usesSkip, initFailures, freeChains);
        }

        /** Outside the ring between two batches: the application's own IO, reaps. */
        private void between() {
            int n = rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                int r = rnd.nextInt(10);
                if (r < 4) {
                    String end = writeEnd();
                    lines.add("app write " + end + " " + (isSocket(end) ? socketWrite(end) : pick(1, 1, 100, 4096, 65536)));
                } else if (r < 6) {
                    String end = readEnd();
                    lines.add("app read " + end + " " + (isSocket(end) ? pick(SOCKET_LENGTHS) : pick(1, 100, 4096, 65536)));
                } else {
                    lines.add("reap");
                }
            }
        }

        /**
         * A batch of up to SQ-size SQEs: long mixed chains and lone requests; or, one time in six, a
         * chain left open at the end of the submit, which io_submit_state_end hands to
         * io_queue_sqe_fallback and so to io-wq: then the batch is that chain alone, of requests that
         * post one CQE each, waited for.
         */
        private void inlineBatch() {
            if (rnd.nextInt(6) == 0) {
                int len = 1 + rnd.nextInt(entries);
                int failAt = rnd.nextInt(2) == 0 ? rnd.nextInt(len) : -1;
                lines.add("reap");
                List<Long> chain = new ArrayList<>();
                for (int i = 0; i < len; i++) {
                    long ud = nextUd++;
                    chain.add(ud);
                    lines.add(sureRequest(ud, i == failAt) + (rnd.nextInt(4) == 0 ? " hardlink" : " link"));
                }
                freeChains.add(chain);
                lines.add("submit");
                lines.add("wait " + len);
                return;
            }
            int room = entries;
            while (room > 0) {
                int len = Math.min(room, 1 + rnd.nextInt(rnd.nextInt(3) == 0 ? 8 : 3));
                int failAt = rnd.nextInt(3) == 0 ? rnd.nextInt(len) : -1;
                for (int i = 0; i < len; i++) {
                    String line = anyRequest(i == failAt);
                    if (i < len - 1) {
                        line += rnd.nextInt(4) == 0 ? " hardlink" : " link";
                    }
                    lines.add(line);
                }
                room -= len;
                if (rnd.nextInt(3) == 0) {
                    break;
                }
            }
            lines.add("submit");
        }

        /**
         * A batch whose requests may be io-wq work: IOSQE_ASYNC on some, IOSQE_IO_DRAIN on one, or a
         * chain left open; every request posts exactly one CQE, none carries the skip flag.
         */
        private void ioWqBatch() {
            int n = Math.min(entries, cqEntries);
            boolean drain = !skipProgram && !usesSkip && rnd.nextInt(4) == 0;
            int drainAt = drain ? rnd.nextInt(n) : -1;
            int failAt = rnd.nextInt(2) == 0 ? rnd.nextInt(n) : -1;
            lines.add("reap");
            List<Long> chain = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                long ud = nextUd++;
                chain.add(ud);
                StringBuilder line = new StringBuilder(sureRequest(ud, i == failAt));
                if (rnd.nextInt(3) > 0) {
                    line.append(" async");
                }
                if (i == drainAt) {
                    line.append(" drain");
                }
                boolean linked = rnd.nextInt(3) == 0 || (i == n - 1 && rnd.nextInt(3) == 0);
                if (linked) {
                    line.append(rnd.nextInt(3) == 0 ? " hardlink" : " link");
                }
                lines.add(line.toString());
                if (!linked || i == n - 1) {
                    freeChains.add(chain); // the chain ends here, or is left open at the submit
                    chain = new ArrayList<>();
                }
            }
            lines.add("submit");
            lines.add("wait " + n);
            ended = drain;
        }

        /** A request that posts exactly one CQE at once (or in io-wq): a NOP, IO on a bad fd, a remove of nothing. */
        private String sureRequest(long ud, boolean fails) {
            int r = rnd.nextInt(10);
            if (fails) {
                return switch (r % 3) {
                    case 0 -> "nop ud=" + ud + " fail=" + pick(FAILURES);
                    case 1 -> (rnd.nextBoolean() ? "read" : "write") + " ud=" + ud + " fd=99 len=" + pick(LENGTHS);
                    default -> "poll-remove ud=" + ud + " target=" + (5000 + rnd.nextInt(5));
                };
            }
            return "nop ud=" + ud;
        }

        /** Any request of the format, failing ({@code fails}) where it can. */
        private String anyRequest(boolean fails) {
            long ud = pickUd();
            String line;
            int r = rnd.nextInt(100);
            if (fails) {
                line = sureRequest(ud, true);
            } else if (r < 22) {
                line = "nop ud=" + ud;
            } else if (r < 40) {
                String end = readEnd();
                line = "read ud=" + ud + " fd=" + end + " len=" + (isSocket(end) ? pick(SOCKET_LENGTHS) : pick(LENGTHS));
                targets.add(ud);
            } else if (r < 60) {
                String end = writeEnd();
                line = "write ud=" + ud + " fd=" + end + " len=" + (isSocket(end) ? socketWrite(end) : pick(LENGTHS));
                targets.add(ud);
            } else if (r < 82) {
                String events;
                String fd;
                if (socket && rnd.nextInt(3) == 0) {
                    // Either end raises both: POLLIN when its peer wrote, POLLOUT (writable, and woken by the peer's reads).
                    fd = rnd.nextBoolean() ? "s.a" : "s.b";
                    events = pick("IN", "IN", "OUT", "IN|OUT");
                } else {
                    String end = rnd.nextBoolean() ? ".r" : ".w";
                    int e = rnd.nextInt(4);
                    fd = pipe() + end;
                    // IN on a write end and OUT on a read end are events the file can never raise.
                    events = e == 0 ? "IN" : e == 1 ? "OUT" : e == 2 ? "IN|OUT" : (end.equals(".r") ? "OUT" : "IN");
                }
                line = "poll ud=" + ud + " fd=" + fd + " events=" + events;
                if (rnd.nextInt(3) == 0) {
                    line += " multi";
                    multishot.add(ud);
                }
                targets.add(ud);
            } else if (r < 97) {
                // a pending poll, a finished request, or nothing at all
                long target = !targets.isEmpty() && rnd.nextInt(3) > 0 ? targets.get(rnd.nextInt(targets.size()))
                        : nextUd > 1 && rnd.nextBoolean() ? 1 + rnd.nextLong(nextUd - 1) : 4000 + rnd.nextInt(3);
                line = "poll-remove ud=" + ud + " target=" + target;
            } else {
                line = "opcode ud=" + ud + " op=" + pick(100, 255);
                initFailures = true;
                ended = true; // the submit stops there and leaves the rest in the SQ: nothing more is queued
            }
            if ((skipProgram && rnd.nextInt(3) == 0) || rnd.nextInt(40) == 0) {
                line += " skip";
                usesSkip = true;
                if (line.contains(" multi")) {
                    initFailures = true; // IOSQE_CQE_SKIP_SUCCESS with a multishot poll is -EINVAL at prep
                    ended = true;
                }
            }
            return line;
        }

        /** A fresh user_data, or (one in eight) one used before by a request that is not io-wq work. */
        private long pickUd() {
            if (!reusable.isEmpty() && rnd.nextInt(8) == 0) {
                return reusable.get(rnd.nextInt(reusable.size()));
            }
            long ud = nextUd++;
            reusable.add(ud);
            return ud;
        }

        private String pipe() {
            return lines.contains("pipe q") && rnd.nextInt(3) == 0 ? "q" : "p";
        }

        /** An end to read: a pipe's read end, or (one time in three, when declared) an end of the socket pair. */
        private String readEnd() {
            return socket && rnd.nextInt(3) == 0 ? (rnd.nextBoolean() ? "s.a" : "s.b") : pipe() + ".r";
        }

        /** An end to write: a pipe's write end, or an end of the socket pair while it has budget left. */
        private String writeEnd() {
            if (socket && rnd.nextInt(3) == 0) {
                int e = rnd.nextInt(2);
                if (socketBytes[e] + SOCKET_LENGTHS[SOCKET_LENGTHS.length - 1] <= SOCKET_BUDGET) {
                    return e == 0 ? "s.a" : "s.b";
                }
            }
            return pipe() + ".w";
        }

        private static boolean isSocket(String end) {
            return end.startsWith("s.");
        }

        /** A length to write to the socket end {@code end}, counted against its budget. */
        private int socketWrite(String end) {
            int len = pick(SOCKET_LENGTHS);
            socketBytes[end.equals("s.a") ? 0 : 1] += len;
            return len;
        }

        private int pick(int... values) {
            return values[rnd.nextInt(values.length)];
        }

        private String pick(String... values) {
            return values[rnd.nextInt(values.length)];
        }
    }
}
