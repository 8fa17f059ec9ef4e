package dev.uringlab.reports.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The built-in claims: one per seed, the authors' figures as posted, every quote verbatim in shared/. */
class ClaimsTest {
    private final Claims claims = Claims.builtIn();

    private Claim claim(String seed) {
        return claims.claims().stream().filter(c -> c.seed().equals(seed)).findFirst().orElseThrow();
    }

    @Test
    void shouldHaveOneClaimPerSeed() {
        assertThat(claims.claims()).extracting(Claim::seed).containsExactly("000", "001", "002", "003", "004");
        assertThat(claims.forBenchmark("dev.uringlab.jmh.RegbBenchmark.regb")).map(Claim::seed).contains("000");
        assertThat(claim("003").display()).isEqualTo(Display.NS_PER_OP);
    }

    @Test
    void shouldCiteEachSeedsPostByAuthorSubjectListAndDate() {
        assertThat(claims.claims()).allSatisfy(c -> assertThat(c.post())
                .as("seed %s", c.seed()).contains("io-uring@vger.kernel.org").containsPattern("\\d{4}-\\d{2}-\\d{2}")
                .containsPattern("\"[^\"]+\"").containsAnyOf("Message-ID <", "Message-ID not kept"));
        assertThat(claim("002").post()).contains("Message-ID <20210924042224.8061-2-xiaoguang.wang@linux.alibaba.com>");
        assertThat(claim("000").note()).contains("neither 6.1 nor 6.2").contains("DEFER_TASKRUN");
    }

    @Test
    void shouldCarryTheAuthorsFigures() {
        List<Figure> regb = claim("000").figures();
        assertThat(regb).extracting(Figure::match).containsExactly(
                Map.of("cqeArray", "16"), Map.of("cqeArray", "8"), Map.of("cqeArray", "32"));
        assertThat(regb).extracting(Figure::patched).containsExactly(19338.0, 18807.0, 20134.0);
        assertThat(regb.getFirst().authorRatio()).isCloseTo(2.33, within(0.005));

        List<Figure> links = claim("003").figures();
        assertThat(links).extracting(Figure::authorRatio).satisfiesExactly(
                r -> assertThat(r).isCloseTo(1.43, within(0.005)),   // 206 -> 144 ns/nop
                r -> assertThat(r).isCloseTo(1.29, within(0.005)),   // 234 -> 181
                r -> assertThat(r).isCloseTo(1.17, within(0.005)));  // 667 -> 569, FORCE_ASYNC
        assertThat(links.get(2).match()).isEqualTo(Map.of("linkSize", "10", "async", "true"));

        assertThat(claim("001").figures()).extracting(Figure::authorRatio).satisfiesExactly(
                r -> assertThat(r).isCloseTo(42.0 / 34, within(1e-12)), r -> assertThat(r).isEqualTo(1.0)); // 0-15, as applied
        assertThat(claim("002").figures().getFirst().authorRatio()).isCloseTo(287832.0 / 284116, within(1e-12));
        assertThat(claim("004").figures().getFirst().authorRatio()).isEqualTo(1.10);
    }

    @Test
    void shouldQuoteEachFigureVerbatimFromTheSharedFolder() throws IOException {
        Optional<Path> shared = sharedFolder();
        assumeTrue(shared.isPresent(), "shared/ (the seeds) is not beside this checkout");
        for (Claim c : claims.claims()) {
            for (Figure f : c.figures()) {
                List<String> lines = Files.readAllLines(shared.get().resolve(f.source().file()));
                int count = (int) f.source().text().lines().count();
                String cited = String.join("\n", lines.subList(f.source().line() - 1, f.source().line() - 1 + count));
                assertThat(cited).as("seed %s, %s: %s line %s", c.seed(), f.label(), f.source().file(), f.source().lines())
                        .contains(f.source().text());
            }
        }
    }

    @Test
    void shouldNameABrokenClaimsFile(@TempDir Path dir) throws IOException {
        Path noFigures = Files.writeString(dir.resolve("claims.json"), "{\"claims\": [{\"seed\": \"000\"}]}");
        assertThatThrownBy(() -> Claims.load(noFigures)).isInstanceOf(ReportInputException.class)
                .hasMessageStartingWith(noFigures + ": claim 000 lacks");
        Path typo = Files.writeString(dir.resolve("typo.json"), "{\"claims\": [{\"seeed\": \"000\"}]}");
        assertThatThrownBy(() -> Claims.load(typo)).isInstanceOf(ReportInputException.class)
                .hasMessageContaining("malformed claim").hasMessageContaining("seeed");
    }

    /** shared/ sits beside the clone (CI, /work/main) or beside the worktrees' folder. */
    private static Optional<Path> sharedFolder() {
        Path root = Path.of(System.getProperty("uringlab.root", "..")).toAbsolutePath();
        return Stream.of(root.resolve("../shared"), root.resolve("../../shared"))
                .map(Path::normalize).filter(p -> Files.isDirectory(p.resolve("seeds"))).findFirst();
    }
}
