package dev.uringlab.cli.compare;

import dev.uringlab.cli.UringLab;
import dev.uringlab.demos.Demos;
import dev.uringlab.jmh.BenchmarkPlan;
import dev.uringlab.jmh.ParamRules;
import dev.uringlab.reports.analysis.Params;
import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Claims;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * What every tool of uring-lab sees of the registry, one {@code KEY: VALUE} line each, for
 * {@link TestTreeStrategyTest}, which runs it in a JVM whose class path holds the test tree's
 * strategy. Each line is read the way the tool itself reads the registry, never from a list.
 */
final class TestTreeStrategyProbe {
    private TestTreeStrategyProbe() {
    }

    public static void main(String[] args) {
        String regb = "dev.uringlab.jmh.RegbBenchmark";
        System.out.println("registry: " + Strategies.of(Axis.COMPLETION).stream().map(StrategyProvider::alias).toList());
        System.out.println("profile seeds: " + KernelProfile.byName("linux-6.1").orElseThrow().seeds()
                + "; context of 900: " + KernelProfile.contextOf("900").map(KernelProfile::name).orElse("none"));
        String help = run("run", "--help").out();
        System.out.println("run --help: " + help.lines().filter(l -> l.trim().startsWith("completion ")).findFirst().orElse("none").trim());
        System.out.println("jmh aliases: " + ParamRules.aliases(regb, Axis.COMPLETION));
        System.out.println("jmh only-with: " + ParamRules.onlyWith().stream().filter(r -> r.value().equals("test-tree"))
                .map(r -> r.param() + "=" + r.value() + " only with " + r.otherParam() + "=" + r.otherValue()).toList());
        List<BenchmarkPlan.Point> plan = BenchmarkPlan.plan(List.of("RegbBenchmark.regb"));
        List<PlanPoint> run = plan.stream().filter(p -> p.skipReason().isEmpty())
                .map(p -> PlanPoint.parse("run\t" + p.benchmark() + "\t" + p.params().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")))).toList();
        System.out.println("plan: " + run.stream().filter(p -> "test-tree".equals(p.params().get("completion"))).count()
                + " points run with completion=test-tree");
        System.out.println("report params: " + Params.STRATEGY_KEYS);
        System.out.println("claims: " + Claims.builtIn().claims().stream().map(Claim::seed).toList());
        System.out.println("compare races: " + Races.claimed(run, Claims.builtIn()).stream()
                .filter(r -> "test-tree".equals(r.point().params().get("completion")))
                .map(r -> r.point().params().get("profile") + " " + r.point().params().get("completion")
                        + " against " + r.reference().map(p -> p.params().get("completion")).orElse("none")).toList());
        System.out.println("demos: " + Demos.NAMES);
        Result demo = run("demo", "test-tree");
        System.out.println("uring-lab demo test-tree: exit " + demo.status() + ", " + demo.out().lines().count() + " lines");
    }

    private record Result(int status, String out) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cmd = UringLab.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(out, true));
        int status = cmd.execute(args);
        return new Result(status, out.toString());
    }
}
