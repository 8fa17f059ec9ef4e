package dev.uringlab.spi;

import java.util.List;
import java.util.Optional;

/**
 * One SPI axis: a mechanism one patch series changes (or, for an era axis, one the seeds'
 * kernels ran differently), its key on the command line
 * ({@code --strategy completion=batched-cqe}) and the interface its implementations provide.
 *
 * @param <T> the strategy interface
 */
public final class Axis<T> {
    /** Completion posting (seed 000). */
    public static final Axis<CompletionPosting> COMPLETION = new Axis<>("completion", CompletionPosting.class, "000");
    /** Request allocation (seed 001). */
    public static final Axis<RequestAllocation> REQ_ALLOC = new Axis<>("req-alloc", RequestAllocation.class, "001");
    /** Poll re-arm (seed 002). */
    public static final Axis<PollRearm> POLL_REARM = new Axis<>("poll-rearm", PollRearm.class, "002");
    /** Link CQEs (seed 003). */
    public static final Axis<LinkCqe> LINK_CQE = new Axis<>("link-cqe", LinkCqe.class, "003");
    /** Bio allocation (seed 004). */
    public static final Axis<BioAllocation> BIO_ALLOC = new Axis<>("bio-alloc", BioAllocation.class, "004");

    /** Era axis: how a link chain advances after an inline completion (5.6 inline, task work since 5.11). */
    public static final Axis<LinkAdvance> LINK_ADVANCE = new Axis<>("link-advance", LinkAdvance.class, "era");
    /** Era axis: where an io-wq completion posts its CQE (the worker, or the owner's task work). */
    public static final Axis<IoWqCompletion> IOWQ_COMPLETE = new Axis<>("iowq-complete", IoWqCompletion.class, "era");
    /** Era axis: io_cqring_ev_posted (5.6's waitqueue_active and eventfd_signal, or 6.1's). */
    public static final Axis<EvPosted> EV_POSTED = new Axis<>("ev-posted", EvPosted.class, "era");

    /** Era axis: whether io_uring_enter takes a ctx reference for the call (5.x percpu_ref_tryget, none in 6.1). */
    public static final Axis<EnterRef> ENTER_REF = new Axis<>("enter-ref", EnterRef.class, "era");
    /** Era axis: io_get_cqe, the CQ head loaded for every CQE (5.x) or once per cached free range (6.1). */
    public static final Axis<GetCqe> GET_CQE = new Axis<>("get-cqe", GetCqe.class, "era");

    /** Era axis: the task list, lock-free (6.1 llist) or under tctx->task_lock with task_work_add (5.x). */
    public static final Axis<TaskWork> TASK_WORK = new Axis<>("task-work", TaskWork.class, "era");

    /** Era axis: the IORING_OP_NOP flags io_nop_prep takes (INJECT_RESULT alone before 6.13; FILE, FIXED_FILE, FIXED_BUFFER, TW after). */
    public static final Axis<NopFlagSet> NOP_FLAGS = new Axis<>("nop-flags", NopFlagSet.class, "era");

    private static final List<Axis<?>> ALL = List.of(COMPLETION, REQ_ALLOC, POLL_REARM, LINK_CQE, BIO_ALLOC,
            LINK_ADVANCE, IOWQ_COMPLETE, EV_POSTED, ENTER_REF, GET_CQE, TASK_WORK, NOP_FLAGS);

    /** The alias of every axis's pre-patch implementation. */
    public static final String BASELINE = "baseline";

    private final String key;
    private final Class<T> type;
    private final String seed;

    private Axis(String key, Class<T> type, String seed) {
        this.key = key;
        this.type = type;
        this.seed = seed;
    }

    /** Every axis, in seed order. */
    public static List<Axis<?>> values() {
        return ALL;
    }

    /** The axis with this key. */
    public static Optional<Axis<?>> byKey(String key) {
        return ALL.stream().filter(a -> a.key.equals(key)).findFirst();
    }

    public String key() { return key; }

    public Class<T> type() { return type; }

    /**
     * The seed number (000-004) whose patch series this axis isolates, or {@code era} for an
     * axis no seed patches: a mechanism the seeds' kernels ran differently, chosen by the
     * kernel profiles so that each race runs in its author's kernel.
     */
    public String seed() { return seed; }

    /** Whether no seed patches this axis: its implementations are kernel eras, chosen by the kernel profiles. */
    public boolean era() { return seed.equals("era"); }

    @Override
    public String toString() {
        return key;
    }
}
