package dev.uringlab.reports.input;

import java.util.List;

/**
 * How JMH ran one result and on which JVM: the fields of a JMH JSON result that are not
 * measurements. Shown in the report's environment section.
 *
 * @param jmhVersion   {@code jmhVersion}
 * @param mode         {@code mode}, e.g. {@code thrpt}
 * @param threads      {@code threads}
 * @param forks        {@code forks}
 * @param warmup       {@code warmupIterations} x {@code warmupTime}, e.g. {@code 2 x 1 s}
 * @param measurement  {@code measurementIterations} x {@code measurementTime}
 * @param jdkVersion   {@code jdkVersion}
 * @param vm           {@code vmName} and {@code vmVersion}
 * @param jvm          {@code jvm}: the java binary
 * @param jvmArgs      {@code jvmArgs}
 */
public record JmhSettings(String jmhVersion, String mode, int threads, int forks, String warmup,
                          String measurement, String jdkVersion, String vm, String jvm, List<String> jvmArgs) {
    public JmhSettings {
        jvmArgs = List.copyOf(jvmArgs);
    }
}
