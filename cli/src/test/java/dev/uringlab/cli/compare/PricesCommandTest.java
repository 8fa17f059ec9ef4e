package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.uringlab.cli.UringLab;
import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.prices.PricedRatios;
import dev.uringlab.spi.recipe.Recipes;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code uring-lab prices} on JMH files made here: every calibration workload of the pinned
 * linux-6.18 trace timed at known prices, counted by a made-up kernel.
 */
class PricesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The prices the made-up machine charges, ns per step. */
    private static final Map<String, Double> TRUTH = Map.of("call", 3.0, "locked", 8.0, "fence", 20.0, "irq", 6.0, "rcu", 4.0,
            "shared-write", 5.0, "syscall", 150.0, "wakeup", 900.0, "sock", 3000.0);

    @TempDir
    Path dir;

    record Result(int status, String out, String err) {}

    private static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = UringLab.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return new Result(cmd.execute(args), out.toString(), err.toString());
    }

    @Test
    void shouldFitThePricesWriteTheFileAndPriceEveryRecipe() throws Exception {
        JsonNode steps;
        try (InputStream in = KernelPrices.class.getResourceAsStream("calibration-steps-linux-6.18.json")) {
            steps = JSON.readTree(in);
        }
        ArrayNode timing = JSON.createArrayNode();
        ArrayNode counts = JSON.createArrayNode();
        SplittableRandom random = new SplittableRandom(5);
        for (Iterator<Map.Entry<String, JsonNode>> it = steps.get("workloads").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> w = it.next();
            double ops = w.getValue().get("ops").asDouble();
            double enter = w.getValue().get("enter").asDouble() / ops;
            double waking = w.getKey().startsWith("async") ? 1.0 / linkOf(w.getKey()) : 0;
            double ns = waking * TRUTH.get("wakeup");
            for (Iterator<Map.Entry<String, JsonNode>> k = w.getValue().get("steps").fields(); k.hasNext(); ) {
                Map.Entry<String, JsonNode> kind = k.next();
                if (kind.getKey().equals("wakeup")) {
                    continue; // the fit counts wakeups from the kernel (schedWaking, above), not from the trace's
                }
                ns += kind.getValue().asDouble() / ops * TRUTH.getOrDefault(kind.getKey(), 0.0);
            }
            timing.add(result(w.getKey(), ns, random, Map.of()));
            counts.add(result(w.getKey(), 2 * ns, random, Map.of("enter", enter, "schedWaking", waking, "cqeFilled", 1.0)));
        }
        Path t = Files.writeString(dir.resolve("timing.json"), timing.toString());
        Path c = Files.writeString(dir.resolve("counts.json"), counts.toString());
        Path out = dir.resolve("prices.json");

        Result r = execute("prices", t.toString(), c.toString(), "-o", out.toString());

        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isEqualTo(UringLab.EXIT_OK);
        assertThat(r.out()).contains("Kernel prices of Linux").contains("Leave-one-out").contains("polls128-evfd")
                .contains("slab-alloc").contains("no calibration workload takes it")
                .contains("Kernel-priced ratio of each recipe").contains("regb-6.1").contains("prices: " + out);
        KernelPrices prices = KernelPrices.read(out);
        assertThat(prices.workloads()).hasSize(steps.get("workloads").size());
        assertThat(prices.races()).hasSize(Recipes.all().size());
        // a kind that moves alone somewhere (a wakeup: the io-wq punts) is recovered; so is a socket's
        // protocol pass, which only the echo workloads take (four per transaction)
        for (String kind : List.of("wakeup", "sock")) {
            int k = prices.kinds().indexOf(kind);
            assertThat(prices.separable(k)).as(kind).isTrue();
            assertThat(prices.prices()[k]).as(kind).isBetween(0.9 * TRUTH.get(kind), 1.1 * TRUTH.get(kind));
        }
        // not asserted: the task-work round trip's calls and locks (eleven and eight per link member
        // against a NOP batch's two and three per io_uring_enter) were told apart only by the echo
        // rows' mix, which the sock kind now explains; on these workloads they are a bundle (apart
        // below 1%), until a calibration workload moves one without the other
        assertThat(prices.worstLooError()).isLessThan(0.15);
    }

    /**
     * Prices fitted by a build before the {@code sock} kind still price every recipe of this
     * build beside a run: the echo recipe's socket passes are left out and named, not a reason to
     * give up every figure's kernel-priced ratio.
     */
    @Test
    void shouldPlacePricesFromAnEarlierBuildBesideARunWithTheKindsTheyLackLeftOut() throws Exception {
        List<String> kinds = List.of("call", "locked", "fence", "irq", "rcu", "shared-write", "slab-alloc", "slab-free", "syscall",
                "wakeup", "list", "request", "cqe");
        double[] price = {3, 8, 20, 6, 4, 5, 0, 0, 150, 900, 2, 40, 15};
        double[] apart = new double[kinds.size()];
        java.util.Arrays.fill(apart, 0.5);
        apart[kinds.indexOf("slab-alloc")] = Double.NaN;
        apart[kinds.indexOf("slab-free")] = Double.NaN;
        Path old = dir.resolve("old-prices.json");
        new KernelPrices(KernelPrices.ASSUMES, "Linux test", null, kinds, price, price, price, apart, new double[][] {price, price},
                List.of(), List.of(), List.of()).write(old);
        Path run = Files.createDirectories(dir.resolve("run"));
        StringWriter err = new StringWriter();

        assertThat(PricesCommand.placeBeside(old, run, new PrintWriter(err, true))).isTrue();

        assertThat(err.toString()).isEmpty();
        KernelPrices placed = KernelPrices.read(run.resolve(KernelPrices.NAME));
        int sock = placed.kinds().indexOf("sock");
        assertThat(sock).isEqualTo(kinds.size());
        assertThat(placed.priced(sock)).isFalse();
        assertThat(placed.races()).hasSize(Recipes.all().size());
        KernelPrices.Race echo = placed.races().stream().filter(r -> r.race().equals("echo-5.15")).findFirst().orElseThrow();
        assertThat(echo.arms()).allSatisfy(a -> assertThat(a.steps()[sock]).isEqualTo(4.0));
        assertThat(PricedRatios.price(echo, placed).note()).contains("left out, no calibration workload prices them")
                .contains("sock 4.00/4.00");
    }

    @Test
    void shouldNameWhenAndWhereThePricesWereFitted() throws Exception {
        assertThat(PricesCommand.fitted()).matches("\\d{4}-\\d{2}-\\d{2} on .+, \\d+ CPUs");
    }

    @Test
    void shouldPriceACompareRunWithTheShippedPricesWhereTheMachineHasFittedNone() throws Exception {
        StringWriter err = new StringWriter();
        KernelPrices shipped = PricesCommand.forCompare(null, new Layout(dir), new PrintWriter(err, true)).orElseThrow();
        assertThat(shipped.provenance()).startsWith("Linux ").contains("(fitted 20");
        // the shipped prices know every kind this build's recipes take, so every recipe is priced beside a run
        Path run = Files.createDirectories(dir.resolve("results/run"));
        assertThat(PricesCommand.placeBeside(shipped, run, new PrintWriter(err, true))).isTrue();
        assertThat(KernelPrices.read(run.resolve(KernelPrices.NAME)).races()).hasSize(Recipes.all().size());
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void shouldPreferTheMachinesOwnPricesToTheShippedOnes() throws Exception {
        KernelPrices own = KernelPrices.reference().orElseThrow();
        own = new KernelPrices(own.assumes(), "Linux 9.9-own", own.fitted(), own.kinds(), own.prices(), own.low(), own.high(),
                own.apart(), own.draws(), own.workloads(), own.skipped(), List.of());
        own.write(new Layout(dir).results().resolve(KernelPrices.NAME));
        StringWriter err = new StringWriter();
        assertThat(PricesCommand.forCompare(null, new Layout(dir), new PrintWriter(err, true)).orElseThrow().kernel())
                .isEqualTo("Linux 9.9-own");
    }

    @Test
    void shouldRefuseAnOddNumberOfFiles() throws Exception {
        Path t = Files.writeString(dir.resolve("a.json"), "[]");
        Result r = execute("prices", t.toString(), t.toString(), t.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).isEqualTo("uring-lab prices: 3 files: give them in pairs, TIMING.json COUNTS.json\n");
    }

    private static int linkOf(String name) {
        String digits = name.replaceAll("\\D", "");
        return digits.isEmpty() ? 1 : Integer.parseInt(digits);
    }

    /** One JMH result: three forks of five iterations at {@code ns} per operation, 1% noise; secondaries per operation. */
    private static ObjectNode result(String calib, double ns, SplittableRandom random, Map<String, Double> perOp) {
        ObjectNode r = JSON.createObjectNode();
        r.put("jmhVersion", "1.37").put("benchmark", "dev.uringlab.jmh.CalibrationBenchmark.calibration").put("mode", "thrpt")
                .put("threads", 1).put("forks", 3).put("warmupIterations", 1).put("warmupTime", "1 s")
                .put("measurementIterations", 5).put("measurementTime", "1 s");
        r.putObject("params").put("ring", "native").put("calib", calib);
        double rate = 1e9 / ns;
        r.set("primaryMetric", metric(rate, random));
        ObjectNode secondary = r.putObject("secondaryMetrics");
        perOp.forEach((k, v) -> secondary.set(k, metric(v * rate, null)));
        return r;
    }

    private static ObjectNode metric(double rate, SplittableRandom random) {
        ObjectNode m = JSON.createObjectNode();
        m.put("score", rate).put("scoreError", 0.01 * rate).put("scoreUnit", "ops/s");
        ArrayNode raw = m.putArray("rawData");
        for (int f = 0; f < 3; f++) {
            ArrayNode fork = raw.addArray();
            for (int i = 0; i < 5; i++) {
                fork.add(random == null ? rate : rate * (1 + 0.01 * (random.nextDouble() - 0.5)));
            }
        }
        return m;
    }
}
