package dev.uringlab.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A by-design variant of an expected stream ({@code NAME.ALIAS.expected}) is written from
 * reasoning, never recorded from a run, so it opens with a comment header saying why it differs;
 * the {@code boxed-cqe} ones name the kernel source lines that decide each CQE (scenarios/README.md).
 */
class ExpectedHeaderTest {
    /** A kernel source file with a line or a range: {@code fs/io_uring.c ... 1406-1433}. */
    private static final Pattern SOURCE_LINES = Pattern.compile("(fs|io_uring|block|kernel|include)/[\\w./-]+\\.[ch]\\b");
    private static final Pattern LINES = Pattern.compile("\\b\\d{3,5}(-\\d{3,5})?\\b");

    private static List<Path> variants() throws IOException {
        try (Stream<Path> files = Files.walk(ScenarioCase.root())) {
            return files.filter(f -> f.getFileName().toString().matches("[^.]+\\..+\\.expected")).sorted().toList();
        }
    }

    private static String header(Path f) throws IOException {
        return String.join("\n", Files.readAllLines(f, UTF_8).stream().takeWhile(l -> l.startsWith("#")).toList());
    }

    @Test
    void shouldOpenEveryVariantWithTheReasonItDiffers() throws IOException {
        List<Path> variants = variants();
        assertThat(variants).hasSizeGreaterThanOrEqualTo(24);
        for (Path f : variants) {
            assertThat(header(f)).as("the header of %s", f.getFileName()).isNotBlank();
        }
    }

    @Test
    void shouldNameTheKernelSourceLinesThatDecideEveryBoxedCqeStream() throws IOException {
        List<Path> boxed = variants().stream().filter(f -> f.getFileName().toString().endsWith(".boxed-cqe.expected")).toList();
        assertThat(boxed).hasSize(26);
        for (Path f : boxed) {
            String header = header(f);
            assertThat(SOURCE_LINES.matcher(header).find()).as("%s names a kernel source file", f.getFileName()).isTrue();
            assertThat(LINES.matcher(header).find()).as("%s names its lines", f.getFileName()).isTrue();
            assertThat(header).as("%s names the rule it is written from", f.getFileName()).contains("io_ignore_cqe");
        }
    }
}
