package dev.uringlab.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import dev.uringlab.spi.trace.TraceEvent;

/**
 * How to build a ring: io_uring_setup's arguments (entries, cq_entries with
 * IORING_SETUP_CQSIZE, setup flags) and, for the emulated engine, one strategy alias per SPI
 * axis ({@code completion=batched-cqe}); an axis left unset is {@code baseline}. A profile
 * ({@code all-patches}) sets every axis not set explicitly. Strategy options (such as the
 * CQE array size of {@code batched-cqe}) are free-form {@code key=value} pairs read by the
 * strategy that knows them. Immutable; aliases are checked when the ring is opened, by the
 * registry ({@link dev.uringlab.spi.Strategies}).
 */
public final class RingConfig {
    private final int entries;
    private final int cqEntries;
    private final int flags;
    private final String profile;
    private final Map<String, String> strategies;
    private final Map<String, String> options;
    private final boolean deterministic;
    private final Consumer<TraceEvent> trace;

    private RingConfig(Builder b) {
        this.entries = b.entries;
        this.cqEntries = b.cqEntries;
        this.flags = b.flags | (b.cqEntries > 0 ? SetupFlags.IORING_SETUP_CQSIZE : 0);
        this.profile = b.profile;
        this.strategies = Collections.unmodifiableMap(new LinkedHashMap<>(b.strategies));
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(b.options));
        this.deterministic = b.deterministic;
        this.trace = b.trace;
    }

    public static Builder builder(int entries) {
        return new Builder(entries);
    }

    /** The SQ size asked for (io_uring_setup's {@code entries}). */
    public int entries() { return entries; }

    /** The CQ size asked for, or 0 for the default (2 x SQ). */
    public int cqEntries() { return cqEntries; }

    /** IORING_SETUP_* flags; IORING_SETUP_CQSIZE is set when {@link #cqEntries()} is. */
    public int flags() { return flags; }

    /** The profile name ({@code all-patches}), or {@code null}. */
    public String profile() { return profile; }

    /** Axis key to alias, as asked for explicitly. */
    public Map<String, String> strategies() { return strategies; }

    /** Strategy options, {@code key=value}. */
    public Map<String, String> options() { return options; }

    /**
     * Deterministic mode: the emulated engine runs io-wq work inline, on the submitting thread,
     * in submission order (still through io-wq and task work), so every run gives the same
     * CQE stream. For tests, scenarios and demos; benchmarks use real worker threads.
     */
    public boolean deterministic() { return deterministic; }

    /**
     * Where the emulated engine sends its trace ({@link dev.uringlab.spi.trace.Trace}), or
     * {@code null} (the default) for none. Needs a JVM started with {@code -Duringlab.trace=true};
     * the native ring has no trace and ignores it.
     */
    public Consumer<TraceEvent> trace() { return trace; }

    /** This configuration with one more strategy choice. */
    public RingConfig withStrategy(String axis, String alias) {
        return toBuilder().strategy(axis, alias).build();
    }

    public Builder toBuilder() {
        Builder b = new Builder(entries).cqEntries(cqEntries).flags(flags & ~SetupFlags.IORING_SETUP_CQSIZE)
                .deterministic(deterministic).trace(trace);
        b.profile = profile;
        b.strategies.putAll(strategies);
        b.options.putAll(options);
        return b;
    }

    @Override
    public String toString() {
        return "RingConfig[entries=" + entries + ", cq_entries=" + cqEntries + ", flags=0x" + Integer.toHexString(flags)
                + (profile != null ? ", profile=" + profile : "") + ", strategies=" + strategies
                + ", options=" + options + (deterministic ? ", deterministic" : "") + (trace != null ? ", traced" : "") + "]";
    }

    /** Builder; every method returns {@code this}. */
    public static final class Builder {
        private final int entries;
        private int cqEntries;
        private int flags;
        private String profile;
        private final Map<String, String> strategies = new LinkedHashMap<>();
        private final Map<String, String> options = new LinkedHashMap<>();
        private boolean deterministic;
        private Consumer<TraceEvent> trace;

        private Builder(int entries) {
            this.entries = entries;
        }

        /** IORING_SETUP_CQSIZE with {@code cqEntries}; 0 for the default 2 x SQ. */
        public Builder cqEntries(int cqEntries) { this.cqEntries = cqEntries; return this; }

        /** Extra IORING_SETUP_* flags. */
        public Builder flags(int flags) { this.flags = flags; return this; }

        /** Choose {@code alias} on the axis {@code axis} ({@code completion}, {@code link-cqe}...). */
        public Builder strategy(String axis, String alias) {
            strategies.put(Objects.requireNonNull(axis, "axis"), Objects.requireNonNull(alias, "alias"));
            return this;
        }

        /** A strategy option, {@code key=value}, e.g. {@code cqe-array=32}. */
        public Builder option(String key, String value) { options.put(key, value); return this; }

        /** A named profile: {@code all-patches} sets every unset axis to its newest patched alias. */
        public Builder profile(String profile) { this.profile = profile; return this; }

        /** See {@link RingConfig#deterministic()}. */
        public Builder deterministic(boolean deterministic) { this.deterministic = deterministic; return this; }

        /** See {@link RingConfig#trace()}. */
        public Builder trace(Consumer<TraceEvent> trace) { this.trace = trace; return this; }

        public RingConfig build() { return new RingConfig(this); }
    }
}
