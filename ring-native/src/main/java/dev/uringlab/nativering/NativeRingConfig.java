package dev.uringlab.nativering;

import static dev.uringlab.api.SetupFlags.IORING_MAX_CQ_ENTRIES;
import static dev.uringlab.api.SetupFlags.IORING_MAX_ENTRIES;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_CLAMP;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_COOP_TASKRUN;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_CQSIZE;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_DEFER_TASKRUN;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_IOPOLL;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_SINGLE_ISSUER;
import static dev.uringlab.api.SetupFlags.IORING_SETUP_SUBMIT_ALL;

import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Strategies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a {@link RingConfig} may ask of the native ring. The native ring <em>is</em> the
 * running kernel: it has no strategies to choose, so it accepts a configuration whose every
 * axis is {@code baseline} (the label under which it is compared with the emulator), and any
 * registered strategy whose provider declares a
 * {@link dev.uringlab.spi.StrategyProvider#nativeEquivalent() native equivalent}, a mechanism
 * the kernel implements itself and user space selects per SQE ({@code link-cqe=cqe-skip-success}:
 * IOSQE_CQE_SKIP_SUCCESS, since 5.17). Anything else is an {@link IllegalArgumentException}
 * naming what the real kernel cannot emulate and what it accepts. {@link RingConfig#deterministic()} is ignored: the kernel is the
 * kernel.
 *
 * <p>Setup flags are passed to io_uring_setup only when they keep the ring protocol of
 * ring-api's {@code SubmissionQueue}/{@code CompletionQueue} (liburing's, without SQPOLL
 * wake-ups, 128-byte SQEs, 32-byte CQEs or a missing SQ array).
 */
final class NativeRingConfig {
    private NativeRingConfig() {}

    /** IORING_SETUP_TASKRUN_FLAG: IORING_SQ_TASKRUN in the SQ flags while task work is pending. */
    private static final int IORING_SETUP_TASKRUN_FLAG = 1 << 9;

    /** Setup flags that leave the SQ/CQ protocol as ring-api drives it. */
    private static final int ACCEPTED_SETUP_FLAGS = IORING_SETUP_IOPOLL | IORING_SETUP_CQSIZE | IORING_SETUP_CLAMP
            | IORING_SETUP_SUBMIT_ALL | IORING_SETUP_COOP_TASKRUN | IORING_SETUP_TASKRUN_FLAG
            | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN;

    /**
     * Throws {@link IllegalArgumentException} naming the limit or the feature, when
     * {@code config} asks for what the native ring cannot give.
     */
    static void check(RingConfig config) {
        checkSizes(config);
        int unsupported = config.flags() & ~ACCEPTED_SETUP_FLAGS;
        if (unsupported != 0) {
            throw new IllegalArgumentException("the native ring drives the SQ and CQ as liburing does without SQPOLL, "
                    + "SQE128, CQE32, NO_MMAP, NO_SQARRAY or R_DISABLED; unsupported IORING_SETUP_* bits 0x"
                    + Integer.toHexString(unsupported) + " in " + config);
        }
        List<String> cannot = new ArrayList<>();
        if (config.profile() != null && !config.profile().equals(Strategies.PROFILE_BASELINE)) {
            cannot.add("profile " + config.profile());
        }
        for (Map.Entry<String, String> choice : config.strategies().entrySet()) {
            if (!kernelImplements(choice.getKey(), choice.getValue())) {
                cannot.add(choice.getKey() + "=" + choice.getValue());
            }
        }
        if (!config.options().isEmpty()) {
            cannot.add("strategy options " + config.options());
        }
        if (!cannot.isEmpty()) {
            throw new IllegalArgumentException("the native ring is the running kernel and cannot emulate "
                    + String.join(", ", cannot) + "; it accepts baseline on every axis"
                    + Strategies.all().stream().filter(p -> p.nativeEquivalent().isPresent())
                            .map(p -> ", " + p.axis().key() + "=" + p.alias() + " (" + p.nativeEquivalent().get().feature()
                                    + ", since " + p.nativeEquivalent().get().since() + ")")
                            .sorted().collect(Collectors.joining()));
        }
    }

    /** Baseline, or a registered strategy whose provider declares the kernel's own equivalent. */
    private static boolean kernelImplements(String axis, String alias) {
        return Axis.byKey(axis).map(a -> alias.equals(Axis.BASELINE)
                || Strategies.of(a).stream().anyMatch(p -> p.alias().equals(alias) && p.nativeEquivalent().isPresent()))
                .orElse(false);
    }

    /** io_uring_create's size rules (io_uring/io_uring.c), checked before the kernel sees them so misuse names its limit. */
    private static void checkSizes(RingConfig config) {
        boolean clamp = (config.flags() & IORING_SETUP_CLAMP) != 0;
        int entries = config.entries();
        if (entries < 1 || (entries > IORING_MAX_ENTRIES && !clamp)) {
            throw new IllegalArgumentException("entries must be 1.." + IORING_MAX_ENTRIES
                    + " (IORING_MAX_ENTRIES; more only with IORING_SETUP_CLAMP), was " + entries);
        }
        if ((config.flags() & IORING_SETUP_CQSIZE) == 0) {
            return;
        }
        int cqEntries = config.cqEntries();
        if (cqEntries < 1 || (cqEntries > IORING_MAX_CQ_ENTRIES && !clamp)) {
            throw new IllegalArgumentException("cq_entries must be 1.." + IORING_MAX_CQ_ENTRIES
                    + " (IORING_MAX_CQ_ENTRIES; more only with IORING_SETUP_CLAMP), was " + cqEntries);
        }
        int sq = roundUpPowerOfTwo(Math.min(entries, IORING_MAX_ENTRIES));
        int cq = roundUpPowerOfTwo(Math.min(cqEntries, IORING_MAX_CQ_ENTRIES));
        if (cq < sq) {
            throw new IllegalArgumentException("cq_entries " + cqEntries + " rounds up to " + cq
                    + ", fewer than the " + sq + " SQ entries; the CQ must be at least as large as the SQ");
        }
    }

    private static int roundUpPowerOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }
}
