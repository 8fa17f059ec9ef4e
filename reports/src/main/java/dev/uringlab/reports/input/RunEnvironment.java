package dev.uringlab.reports.input;

import java.util.Map;

/**
 * The {@code env.json} sidecar that may sit beside a JMH JSON file: where and when the run
 * happened, as the command that ran it recorded. A missing file or field reads as
 * {@link #UNKNOWN}; fields beyond these are kept in {@code other} and shown as they are.
 *
 * @param label     a name for the run chosen by whoever ran it (e.g. the machine)
 * @param gitCommit the uring-lab commit the benchmarks were built from
 * @param date      when the run started
 * @param cpu       the CPU model
 * @param cores     the number of cores
 * @param os        the operating system
 * @param kernel    the kernel release (the native ring's io_uring)
 * @param other     every other top-level field of the file, as text
 */
public record RunEnvironment(String label, String gitCommit, String date, String cpu, String cores,
                             String os, String kernel, Map<String, String> other) {
    /** What a field reads as when the sidecar or the field is missing. */
    public static final String UNKNOWN = "unknown";

    /** The environment of a run without a sidecar. */
    public static final RunEnvironment NONE =
            new RunEnvironment(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, Map.of());

    public RunEnvironment {
        other = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(other));
    }

    /** Whether a field holds a value, not {@link #UNKNOWN}. */
    public static boolean known(String field) {
        return !UNKNOWN.equals(field);
    }
}
