package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Clock;
import dev.uringlab.reports.input.PairedRace;
import java.util.List;
import java.util.Optional;

/**
 * The two rates a paired race's ratio is made of: each arm's geometric mean rate over the slices
 * of the race's neighbouring pairs. The race's ratio ({@link PairedBootstrap}) is the geometric
 * mean of the pairs' ratios b / a; the mean of {@code log b - log a} over the pairs is the mean of
 * {@code log b} less the mean of {@code log a}, so that ratio is exactly {@code challenger /
 * reference} here. An arm's score in the tables is another number: its operations over its time
 * in each iteration, averaged over every iteration of every race it ran in. That mean weighs the
 * machine's fast phases more, and a reference shared by several races pools them all; on a busy
 * machine the quotient of two scores and the paired ratio part ("1.16x" beside "1.958 M -> 3.026 M").
 *
 * @param reference  arm a's geometric mean rate over the paired slices, in ops per second of {@code clock}
 * @param challenger arm b's, in ops per second of {@code clock}
 * @param slices     the slices paired (two per pair)
 * @param clock      the race's clock ({@link PairedRace#clock}), whose seconds the rates are in
 */
public record PairedRates(double reference, double challenger, int slices, Clock clock) {

    /** The rates of {@code race}'s pairs; empty when it has none. */
    public static Optional<PairedRates> of(PairedRace race) {
        double logA = 0;
        double logB = 0;
        int n = 0;
        for (List<double[]> fork : race.pairRates()) {
            for (double[] pair : fork) {
                logA += Math.log(pair[PairedRace.A]);
                logB += Math.log(pair[PairedRace.B]);
                n++;
            }
        }
        return n == 0 ? Optional.empty() : Optional.of(new PairedRates(Math.exp(logA / n), Math.exp(logB / n), 2 * n, race.clock()));
    }

    /** {@code challenger / reference}: the race's paired ratio. */
    public double ratio() {
        return challenger / reference;
    }
}
