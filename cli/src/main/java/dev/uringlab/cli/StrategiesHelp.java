package dev.uringlab.cli;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyOption;
import dev.uringlab.spi.StrategyProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The part of {@code uring-lab run --help} that names strategies: every axis with its aliases,
 * every profile and every strategy option, read from the registry ({@link Strategies}) when the
 * help is printed, so a strategy module on the class path is listed without a line here.
 */
final class StrategiesHelp {
    /** The help section's key, before the footer. */
    static final String SECTION = "strategies";

    private StrategiesHelp() {
    }

    /** Adds the section to {@code run}'s usage help. */
    static void addTo(CommandLine run) {
        run.getHelpSectionMap().put(SECTION, help -> text());
        List<String> keys = new ArrayList<>(run.getHelpSectionKeys());
        keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), SECTION);
        run.setHelpSectionKeys(keys);
    }

    /** The section: axes and aliases (each with its kernel), profiles, options. */
    static String text() {
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder(nl).append("Axes and aliases (--strategy AXIS=ALIAS; kernel in brackets):").append(nl);
        for (Axis<?> axis : Axis.values()) {
            sb.append("  ").append(axis.key()).append(axis.era() ? " (era)" : " (seed " + axis.seed() + ")").append(": ")
                    .append(Strategies.of(axis).stream().map(p -> p.alias() + " [" + p.kernel() + "]")
                            .collect(Collectors.joining(", ")))
                    .append(nl);
        }
        sb.append("Profiles (--profile): ").append(String.join(", ", Strategies.profiles())).append(nl);
        sb.append("Options (--option KEY=VALUE):").append(nl);
        for (StrategyProvider<?> p : Strategies.all()) {
            for (StrategyOption o : p.options()) {
                sb.append("  ").append(o.key()).append(" (").append(p.axis().key()).append('=').append(p.alias())
                        .append(", default ").append(o.defaultValue()).append("): ").append(o.summary()).append(nl);
            }
        }
        return sb.toString();
    }
}
