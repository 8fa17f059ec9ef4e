package dev.uringlab.reports.prices;

import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The kernel-priced ratio of an author's figure (DESIGN.md, "Measuring"): the speed-up the kernel
 * prices predict from the steps per operation of each arm of the figure's recipe, in the
 * author's kernel. Each arm's time per operation is the sum over kinds of steps times price; the
 * ratio is the baseline arm's time over the patched arm's (a speed-up, as every figure's), and
 * its interval the 2.5th and 97.5th percentiles of the same ratio under each bootstrap draw of
 * the prices. What it assumes is {@link KernelPrices#ASSUMES}.
 */
public final class PricedRatios {
    /**
     * Parameters that scale a workload without changing its steps per operation: a recipe that
     * differs from a figure only in them still prices it (the echo recipe traces one connection,
     * the author ran 1000: per transaction the steps are the same), and the note says so.
     */
    static final Set<String> PER_OP_INVARIANT = Set.of("connections");
    /** Parameters that select results, not workloads. */
    private static final Set<String> NOT_WORKLOAD = Set.of("ring", "clients");

    private PricedRatios() {
    }

    /**
     * One arm's predicted time.
     *
     * @param id     the recipe arm's letter
     * @param label  its label
     * @param ns     predicted ns per operation
     * @param byKind ns per operation of each kind (steps times price), in the prices' kind order
     */
    public record ArmTime(String id, String label, double ns, double[] byKind) {
    }

    /**
     * A figure's kernel-priced ratio.
     *
     * @param race     the recipe it comes from
     * @param ratio    the predicted speed-up
     * @param low      the 2.5th percentile over the price draws
     * @param high     the 97.5th
     * @param arms     each arm's predicted time, baseline first
     * @param note     what a reader must know: a parameter taken as per-operation invariant, steps not
     *                 priced, arms that differ only in steps priced as a bundle; empty if none
     */
    public record Priced(KernelPrices.Race race, double ratio, double low, double high, List<ArmTime> arms, String note) {
    }

    /**
     * The kernel-priced ratio of {@code figure} of {@code claim}, or empty (with why, in
     * {@code why}) when no recipe describes it.
     */
    public static Optional<Priced> of(Claim claim, Figure figure, KernelPrices prices, StringBuilder why) {
        Map<String, String> wanted = new LinkedHashMap<>();
        claim.match().forEach((k, v) -> wanted.put(key(k), v));
        figure.match().forEach((k, v) -> wanted.put(key(k), v));
        NOT_WORKLOAD.forEach(wanted::remove);
        KernelPrices.Race best = null;
        List<String> bestScaled = null;
        for (KernelPrices.Race race : prices.races()) {
            if (!race.figure().equals(claim.seed()) || race.arms().size() != 2) {
                continue;
            }
            List<String> scaled = new ArrayList<>();
            boolean fits = true;
            for (Map.Entry<String, String> p : race.params().entrySet()) {
                String want = wanted.get(key(p.getKey()));
                if (want != null && !want.equals(p.getValue())) {
                    if (PER_OP_INVARIANT.contains(key(p.getKey()))) {
                        scaled.add(p.getKey() + "=" + p.getValue() + " (the figure's " + want + ")");
                    } else {
                        fits = false;
                    }
                }
            }
            if (fits && (best == null || scaled.size() < bestScaled.size())) {
                best = race;
                bestScaled = scaled;
            }
        }
        if (best == null) {
            why.append(prices.races().stream().anyMatch(r -> r.figure().equals(claim.seed()))
                    ? "no recipe of seed " + claim.seed() + " has this figure's parameters " + wanted
                    : "no recipe of seed " + claim.seed());
            return Optional.empty();
        }
        return Optional.of(price(best, prices, bestScaled));
    }

    /** The ratio of {@code race}'s arm A over arm B at {@code prices}, with its interval over the draws. */
    public static Priced price(KernelPrices.Race race, KernelPrices prices) {
        return price(race, prices, List.of());
    }

    private static Priced price(KernelPrices.Race race, KernelPrices prices, List<String> scaled) {
        KernelPrices.Arm a = race.arms().get(0);
        KernelPrices.Arm b = race.arms().get(1);
        double[] ratios = new double[prices.draws().length];
        for (int r = 0; r < ratios.length; r++) {
            ratios[r] = time(a, prices.draws()[r], prices) / time(b, prices.draws()[r], prices);
        }
        List<ArmTime> arms = List.of(armTime(a, prices), armTime(b, prices));
        return new Priced(race, arms.get(0).ns() / arms.get(1).ns(), PriceFit.percentile(ratios, 0.025),
                PriceFit.percentile(ratios, 0.975), arms, note(race, prices, scaled));
    }

    private static ArmTime armTime(KernelPrices.Arm arm, KernelPrices prices) {
        double[] byKind = new double[prices.kinds().size()];
        for (int k = 0; k < byKind.length; k++) {
            byKind[k] = prices.priced(k) ? arm.steps()[k] * prices.prices()[k] : 0;
        }
        return new ArmTime(arm.id(), arm.label(), time(arm, prices.prices(), prices), byKind);
    }

    private static double time(KernelPrices.Arm arm, double[] price, KernelPrices prices) {
        double ns = 0;
        for (int k = 0; k < price.length; k++) {
            if (prices.priced(k)) {
                ns += arm.steps()[k] * price[k];
            }
        }
        return ns;
    }

    private static String note(KernelPrices.Race race, KernelPrices prices, List<String> scaled) {
        List<String> parts = new ArrayList<>();
        if (!scaled.isEmpty()) {
            parts.add("the recipe has " + String.join(", ", scaled) + ", taken as the same steps per operation");
        }
        KernelPrices.Arm a = race.arms().get(0);
        KernelPrices.Arm b = race.arms().get(1);
        List<String> unpriced = new ArrayList<>();
        List<String> bundled = new ArrayList<>();
        double differenceNs = 0;
        double bundledNs = 0;
        for (int k = 0; k < prices.kinds().size(); k++) {
            double sa = a.steps()[k];
            double sb = b.steps()[k];
            if (!prices.priced(k) && (sa > 0 || sb > 0)) {
                unpriced.add(String.format(Locale.ROOT, "%s %s/%s", prices.kinds().get(k), perOp(sa), perOp(sb)));
                continue;
            }
            double ns = Math.abs(sa - sb) * prices.prices()[k];
            differenceNs += ns;
            if (prices.priced(k) && !prices.separable(k) && Math.abs(sa - sb) > 1e-9) {
                bundled.add(prices.kinds().get(k));
                bundledNs += ns;
            }
        }
        if (!unpriced.isEmpty()) {
            parts.add("left out, no calibration workload prices them (steps per operation, " + a.id() + "/" + b.id() + "): "
                    + String.join(", ", unpriced));
        }
        if (!bundled.isEmpty()) {
            parts.add("the arms differ in " + String.join(", ", bundled) + ", priced only as part of a bundle"
                    + (differenceNs > 0 ? String.format(Locale.ROOT, " (%.0f%% of the arms' difference in time)", 100 * bundledNs / differenceNs)
                            : ""));
        }
        return String.join("; ", parts);
    }

    private static String perOp(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }

    /** A parameter's name as compared: kebab and camel case alike ({@code cqe-array}, {@code cqeArray}). */
    static String key(String name) {
        return name.replace("-", "").toLowerCase(Locale.ROOT);
    }
}
