package dev.uringlab.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import dev.uringlab.spi.UnknownStrategyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which implementation every profile resolves to on every axis, with every strategy module on
 * the class path: the table is written out here (a change to the registry that moves a profile
 * must change this test), and README.md carries the same table, rendered from the registry.
 */
class KernelProfileResolutionTest {

    /** Profile to (axis key to alias), every axis of every profile. */
    private static final Map<String, Map<String, String>> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("baseline", row("baseline", "baseline", "baseline", "baseline", "baseline", "baseline", "baseline", "baseline", "baseline", "baseline", "baseline", "baseline"));
        EXPECTED.put("all-patches", row("post-cqe", "req-cache", "poll-refs", "cqe-skip-success", "percpu-cache-irq", "baseline", "baseline", "poll-wq", "baseline", "baseline", "del-all", "file-tw"));
        EXPECTED.put("linux-5.6", row("per-cqe-lock", "slab", "baseline", "baseline", "baseline", "inline", "put-work", "waitqueue-active", "percpu-ref", "head-per-cqe", "baseline", "baseline"));
        EXPECTED.put("linux-5.14", row("batch-irq", "baseline", "baseline", "baseline", "baseline", "baseline", "worker-post", "split-poll-wait", "percpu-ref", "head-per-cqe", "task-state-bit", "baseline"));
        EXPECTED.put("linux-5.15", row("batch-5.15", "baseline", "baseline", "baseline", "percpu-cache", "baseline", "worker-post", "split-poll-wait", "percpu-ref", "head-per-cqe", "task-running", "baseline"));
        EXPECTED.put("for-5.16-2021-10-04", row("batch-5.15", "free-stack", "baseline", "baseline", "percpu-cache", "baseline", "worker-post", "split-poll-wait", "percpu-ref", "head-per-cqe", "task-running", "baseline"));
        EXPECTED.put("linux-6.1", row("baseline", "req-cache", "poll-refs", "cqe-skip-success", "percpu-cache", "baseline", "always-post", "no-uring-wake", "baseline", "baseline", "baseline", "baseline"));
        EXPECTED.put("linux-6.18", row("post-cqe", "req-cache", "poll-refs", "cqe-skip-success", "percpu-cache-irq", "baseline", "baseline", "poll-wq", "baseline", "baseline", "del-all", "file-tw"));
    }

    private static Map<String, String> row(String... aliases) {
        Map<String, String> m = new LinkedHashMap<>();
        List<Axis<?>> axes = Axis.values();
        for (int i = 0; i < aliases.length; i++) {
            m.put(axes.get(i).key(), aliases[i]);
        }
        return m;
    }

    private static Map<String, String> resolved(String profile) {
        Map<String, String> m = new LinkedHashMap<>();
        Strategies.resolve(RingConfig.builder(1).profile(profile).build()).forEach((a, p) -> m.put(a.key(), p.alias()));
        return m;
    }

    @Test
    void shouldResolveEveryProfileOnEveryAxisAsTheKernelRanIt() {
        assertThat(Strategies.profiles()).containsExactlyElementsOf(EXPECTED.keySet());
        for (String profile : Strategies.profiles()) {
            assertThat(EXPECTED.get(profile)).as("the test names every axis for %s", profile)
                    .containsOnlyKeys(Axis.values().stream().map(Axis::key).toList());
            assertThat(resolved(profile)).as(profile).containsExactlyEntriesOf(EXPECTED.get(profile));
        }
    }

    @Test
    void shouldNameEachSeedsContext() {
        assertThat(KernelProfile.contextOf("000")).map(KernelProfile::name).hasValue("linux-6.1");
        assertThat(KernelProfile.contextOf("001")).map(KernelProfile::name).hasValue("for-5.16-2021-10-04");
        assertThat(KernelProfile.contextOf("002")).map(KernelProfile::name).hasValue("linux-5.15");
        assertThat(KernelProfile.contextOf("003")).map(KernelProfile::name).hasValue("linux-5.6");
        assertThat(KernelProfile.contextOf("004")).map(KernelProfile::name).hasValue("linux-5.14");
        assertThat(KernelProfile.contextOf("999")).isEmpty();
    }

    @Test
    void shouldLetAnExplicitAliasOverrideTheProfileOnItsAxisOnly() {
        var chosen = Strategies.resolve(RingConfig.builder(1).profile("linux-5.6").strategy("link-cqe", "boxed-cqe").build());
        assertThat(chosen.get(Axis.LINK_CQE).alias()).isEqualTo("boxed-cqe");
        assertThat(chosen.get(Axis.COMPLETION).alias()).isEqualTo("per-cqe-lock");
    }

    @Test
    void shouldRefuseAnUnknownProfileListingTheProfiles() {
        assertThatThrownBy(() -> Strategies.resolve(RingConfig.builder(1).profile("linux-4.19").build()))
                .isInstanceOf(UnknownStrategyException.class).hasMessageContaining("linux-5.6").hasMessageContaining("all-patches");
    }

    @Test
    void shouldHaveTheTableInTheReadme() throws IOException {
        Path readme = Path.of(System.getProperty("uringlab.root", "..")).resolve("README.md");
        String table = markdownTable();
        assertThat(Files.readString(readme, UTF_8)).as("README.md must hold this table (paste it):\n" + table).contains(table);
    }

    /** The profile table as README.md shows it: one row per axis, one column per profile, the alias and its kernel. */
    static String markdownTable() {
        List<String> profiles = Strategies.profiles();
        StringBuilder sb = new StringBuilder("| axis |");
        profiles.forEach(p -> sb.append(" `").append(p).append("` |"));
        sb.append("\n|---|");
        profiles.forEach(p -> sb.append("---|"));
        sb.append('\n');
        Map<String, Map<Axis<?>, StrategyProvider<?>>> byProfile = new LinkedHashMap<>();
        profiles.forEach(p -> byProfile.put(p, Strategies.resolve(RingConfig.builder(1).profile(p).build())));
        for (Axis<?> axis : Axis.values()) {
            sb.append("| `").append(axis.key()).append("` |");
            for (String p : profiles) {
                StrategyProvider<?> chosen = byProfile.get(p).get(axis);
                sb.append(' ').append(chosen.alias()).append(" (").append(chosen.kernel()).append(") |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
