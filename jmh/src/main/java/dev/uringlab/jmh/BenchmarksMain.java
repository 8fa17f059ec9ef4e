package dev.uringlab.jmh;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Names;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code java -jar jmh/target/benchmarks.jar ...}: JMH's own command line
 * ({@link org.openjdk.jmh.Main}), every fork getting {@link ForkFlags}, a param named in either
 * spelling ({@code -p req-alloc=req-cache}, the user-facing one, or JMH's field name
 * {@code reqAlloc}; {@link Names}), and every axis param the command line does not set given the
 * registry's aliases
 * ({@link ParamRules#aliases}; the {@code @Param} annotations name baseline only). Where the
 * benchmarks run together race different aliases on one axis, the param gets them all and each
 * benchmark refuses, at setup with the reason, the aliases not raced on its workload.
 */
public final class BenchmarksMain {
    private BenchmarksMain() {
    }

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(ForkFlags.withForkFlags(withRegistryAliases(withJmhParamNames(args))));
    }

    /** {@code args} with each {@code -p NAME=VALUES} named as JMH spells the field ({@code cqe-array} is {@code cqeArray}). */
    static String[] withJmhParamNames(String[] args) {
        String[] out = args.clone();
        for (int i = 1; i < out.length; i++) {
            int eq = out[i].indexOf('=');
            if (out[i - 1].equals("-p") && eq > 0) {
                out[i] = Names.camel(out[i].substring(0, eq)) + out[i].substring(eq);
            }
        }
        return out;
    }

    /** {@code args} with a {@code -p NAME=ALIAS,...} for every axis param of the included benchmarks it leaves unset. */
    static String[] withRegistryAliases(String[] args) {
        CommandLineOptions cmd;
        try {
            cmd = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            return args; // JMH's Main reports it
        }
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(".*") : cmd.getIncludes();
        var silent = OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT);
        Map<String, Set<String>> values = new TreeMap<>();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(silent, includes, cmd.getExcludes())) {
            for (String name : entry.getParams().orElse(Map.of()).keySet()) {
                if (!cmd.getParameter(name).hasValue()) {
                    ParamRules.axisOfParam(name).ifPresent(axis -> values.computeIfAbsent(name, n -> new HashSet<>())
                            .addAll(ParamRules.aliases(entry.getUserClassQName(), axis)));
                }
            }
        }
        List<String> out = new ArrayList<>(List.of(args));
        values.forEach((name, aliases) -> {
            Axis<?> axis = ParamRules.axisOfParam(name).orElseThrow();
            out.add("-p");
            out.add(name + "=" + Strategies.of(axis).stream().map(StrategyProvider::alias).filter(aliases::contains)
                    .collect(Collectors.joining(",")));
        });
        return out.toArray(String[]::new);
    }
}
