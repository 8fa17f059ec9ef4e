package dev.uringlab.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldensTest {
    private static final Map<String, String> UPDATING = Map.of(Goldens.UPDATE, "1");

    @TempDir
    Path dir;

    @Test
    void shouldPassOnEqualOutputAndWriteNothingEvenWhenUpdating() throws Exception {
        Path golden = Files.write(dir.resolve("a.trace"), List.of("one", "two"), UTF_8);
        long before = Files.getLastModifiedTime(golden).toMillis();
        Files.setLastModifiedTime(golden, java.nio.file.attribute.FileTime.fromMillis(before - 10_000));
        assertThatCode(() -> Goldens.check(Goldens.env(UPDATING), golden, List.of("one", "two"), "a")).doesNotThrowAnyException();
        assertThat(Files.getLastModifiedTime(golden).toMillis()).as("untouched").isEqualTo(before - 10_000);
    }

    @Test
    void shouldFailOnADifferenceWithoutWriting() throws Exception {
        Path golden = Files.write(dir.resolve("a.trace"), List.of("one", "two"), UTF_8);
        assertThatThrownBy(() -> Goldens.check(Goldens.env(Map.of()), golden, List.of("one", "three"), "a"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("differs");
        assertThat(Files.readAllLines(golden, UTF_8)).containsExactly("one", "two");
    }

    @Test
    void shouldWriteTheNewOutputAndStillFailWhenUpdating() throws Exception {
        Path golden = Files.write(dir.resolve("a.trace"), List.of("one", "two"), UTF_8);
        assertThatThrownBy(() -> Goldens.check(Goldens.env(UPDATING), golden, List.of("one", "three"), "a"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("git diff");
        assertThat(Files.readAllLines(golden, UTF_8)).containsExactly("one", "three");
    }

    @Test
    void shouldFailForAMissingFileAndWriteItOnlyWhenUpdating() throws Exception {
        Path golden = dir.resolve("sub/b.trace");
        assertThatThrownBy(() -> Goldens.check(Goldens.env(Map.of()), golden, List.of("x"), "b"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("no golden file");
        assertThat(golden).doesNotExist();
        assertThatThrownBy(() -> Goldens.check(Goldens.env(UPDATING), golden, List.of("x"), "b"))
                .isInstanceOf(AssertionError.class);
        assertThat(Files.readAllLines(golden, UTF_8)).containsExactly("x");
    }
}
