package dev.uringlab.jmh;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code java -jar jmh/target/benchmarks.jar ...}: JMH's own command line
 * ({@link org.openjdk.jmh.Main}), every fork getting {@link ForkFlags}, and every axis param the
 * command line does not set ({@code -p reqAlloc=...}) given the registry's aliases
 * ({@link ParamRules#aliases}; the {@code @Param} annotations name baseline only). Where the
 * benchmarks run together race different aliases on one axis, the param gets them all and each
 * benchmark refuses, at setup with the reason, the aliases not raced on its workload.
 */
public final class BenchmarksMain {
    private BenchmarksMain() {
    }

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(ForkFlags.withForkFlags(withRegistryAliases(args)));
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
                    ParamRules.axisOfParam(name).ifPresent(axis -> values.computeIfAbsent(name, n -> new LinkedHashSet<>())
                            .addAll(ParamRules.aliases(entry.getUserClassQName(), axis)));
                }
            }
        }
        List<String> out = new ArrayList<>(List.of(args));
        values.forEach((name, aliases) -> {
            out.add("-p");
            out.add(name + "=" + String.join(",", aliases));
        });
        return out.toArray(String[]::new);
    }
}
