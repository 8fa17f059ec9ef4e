package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.Metric;
import java.util.Map;
import java.util.Optional;

/**
 * One JMH result as the report shows it in its benchmark's section.
 *
 * @param run           the label of the run it comes from
 * @param strategy      its strategy label, e.g. {@code completion=batched-cqe}
 * @param workload      its workload label, e.g. {@code cqeArray=16} (empty when there is one workload)
 * @param result        the JMH result
 * @param throughput    its throughput in ops/s with its interval
 * @param shown         its score in the benchmark's display unit, with its interval
 * @param speedup       its throughput over the reference strategy's on the same run and workload
 *                      (1.00 for the reference itself), when the reference was measured
 * @param paired        the rates {@code speedup} is made of when it is a paired race's ratio
 *                      ({@code throughput} is the arm's mean over all its iterations, of every
 *                      race it ran in, and need not divide to it)
 * @param reference     whether this is the reference strategy (see {@link Params})
 * @param bytesPerOp    JMH's {@code gc.alloc.rate.norm}, when {@code -prof gc} ran
 * @param countersPerOp each ring counter per operation: the counter's rate over the primary rate
 * @param stability     whether its forks reached a steady state
 */
public record Row(String run, String strategy, String workload, JmhResult result, Estimate throughput, Estimate shown,
                  Optional<Estimate> speedup, Optional<PairedRates> paired, boolean reference, Optional<Metric> bytesPerOp,
                  Map<String, Double> countersPerOp, Stability stability) {
    public Row {
        countersPerOp = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(countersPerOp));
    }
}
