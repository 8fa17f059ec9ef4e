package dev.uringlab.spi;

import java.util.List;
import java.util.Optional;

/**
 * A kernel profile {@code linux-X.Y}: every axis resolved to the mechanism release X.Y ran
 * (for a development tree, {@code for-5.16-2021-10-04}: the mechanisms that tree had that day)
 * (DESIGN.md, "Kernel profiles"), so a seed's race is its author's kernel (the context)
 * against the same kernel plus the patch. The resolution is derived from the registry, not
 * written down per profile: on each axis, the provider whose {@link StrategyProvider#mainline()}
 * holds the version, the one merged last when several do, else baseline
 * ({@link Strategies#resolve}). A strategy registered later (a 5.16 request cache, say) thus
 * joins every profile of a kernel that had it without touching this class.
 *
 * @param name    {@code linux-X.Y}, or {@code for-X.Y-DATE} for a development tree on a date
 * @param version {@code X.Y}, or {@code for-X.Y} for the tree that became X.Y ({@link Mainline})
 * @param why     where the version comes from (the seed's base tree and date)
 */
public record KernelProfile(String name, String version, String why) {
    /** Seed 003's RFC, 2020-02-25: measured on 5.6-rc ("patched for inline execution" of 5.6's io_uring.c). */
    public static final KernelProfile LINUX_5_6 = new KernelProfile("linux-5.6", "5.6",
            "seed 003: the RFC of 2020-02-25 was written against the 5.6 merge cycle's io_uring.c");
    /** Seed 004's bio cache, v5 of 2021-08-12: written on 5.14, merged for 5.15. */
    public static final KernelProfile LINUX_5_14 = new KernelProfile("linux-5.14", "5.14",
            "seed 004: v5 of 2021-08-12 on 5.14, merged in the 5.15 merge window");
    /** Seed 002 (2021-09-24): on 5.15's tree, for 5.16. */
    public static final KernelProfile LINUX_5_15 = new KernelProfile("linux-5.15", "5.15",
            "seed 002 (2021-09-24): against the 5.15 tree, for-5.16");
    /**
     * Seed 001's base: Jens Axboe's for-5.16/io_uring branch on 2021-10-04, the day the series was
     * posted (its fs/io_uring.c is blob a9eefd74b7e1, the post-image of "io_uring: add flag to not
     * fail link after timeout" v3 of 2021-10-02). No release ran it: it is 5.15 with the for-5.16
     * work merged by then, among it Pavel Begunkov's "rework and optimise submission+completion
     * paths" (v2, 24 patches, 2021-09-24), whose request cache seed 001 reworks.
     */
    public static final KernelProfile FOR_5_16_2021_10_04 = new KernelProfile("for-5.16-2021-10-04", "for-5.16",
            "seed 001 (2021-10-04): posted against for-5.16/io_uring of that day, which no release ran");
    /** Seed 000's batched multishot completions, v2 of 2022-11-23: on 6.1, merged for 6.2. */
    public static final KernelProfile LINUX_6_1 = new KernelProfile("linux-6.1", "6.1",
            "seed 000: v2 of 2022-11-23 on for-6.2 (6.1-rc), merged in 6.2");

    /**
     * The kernel this machine runs (6.18.44), no seed's context: the profile whose counters the
     * native ring's kernel counts must match ({@link KernelCounts}; conformance's
     * {@code KernelTruthTest}).
     */
    public static final KernelProfile LINUX_6_18 = new KernelProfile("linux-6.18", "6.18",
            "kernel truth: the running kernel (uname -r 6.18.44), whose tracepoints the native ring counts");

    private static final List<KernelProfile> ALL = List.of(LINUX_5_6, LINUX_5_14, LINUX_5_15, FOR_5_16_2021_10_04,
            LINUX_6_1, LINUX_6_18);

    /** Every kernel profile, oldest first. */
    public static List<KernelProfile> values() {
        return ALL;
    }

    /** The kernel profile called {@code name}. */
    public static Optional<KernelProfile> byName(String name) {
        return ALL.stream().filter(p -> p.name.equals(name)).findFirst();
    }

    /** The kernel profile that is seed {@code seed}'s context. */
    public static Optional<KernelProfile> contextOf(String seed) {
        return ALL.stream().filter(p -> p.seeds().contains(seed)).findFirst();
    }

    /**
     * The seeds whose author patched this kernel (their race's context), as the registry says:
     * the seed of every provider whose {@link StrategyProvider#context()} names this profile, in
     * seed order.
     */
    public List<String> seeds() {
        return Strategies.all().stream().filter(p -> p.context().filter(name::equals).isPresent())
                .map(StrategyProvider::seed).distinct().sorted().toList();
    }
}
