package dev.uringlab.spi.recipe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.spi.trace.StepKind;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RecipeParserTest {
    private static final String HEAD = """
            # a comment
            race     tiny
            title    a tiny race
            figure   000
            workload regb k=v
            ops      2
            warmup   1
            rounds   1
            """;

    private static final String GOOD = HEAD + """
            block lock:
              locked spin_lock(completion_lock) @ io_uring/io_uring.c:600   the lock # and a comment
              fence smp_mb(wq_has_sleeper) @ include/linux/wait.h:127-129

            arm A linux-6.1
              kernel   v6.1-rc7
              profile  linux-6.1
              steps:
                syscall io_uring_enter @ io_uring/io_uring.c:3221
                repeat 2:
                  use post
                call io_cqring_wait @ v6.2 io_uring/io_uring.c:2494   a version before the file

            block post:
              call io_post_aux_cqe @ io_uring/io_uring.c:819
              use lock

            arm B linux-6.1+batched-cqe
              kernel   v6.1-rc7 + the series
              profile  linux-6.1
              strategy completion=batched-cqe
              option   cqe-array=16
              steps:
                use lock
            """;

    @Test
    void shouldExpandUseAndRepeatInOrder() {
        Recipe r = RecipeParser.parse("dir/tiny.recipe", GOOD);
        assertThat(r.race()).isEqualTo("tiny");
        assertThat(r.workload()).isEqualTo("regb");
        assertThat(r.workloadParams()).containsEntry("k", "v");
        assertThat(r.ops()).isEqualTo(2);
        Recipe.Arm a = r.arms().getFirst();
        assertThat(a.steps()).extracting(RecipeStep::typed).containsExactly(
                "syscall io_uring_enter",
                "call io_post_aux_cqe", "locked spin_lock(completion_lock)", "fence smp_mb(wq_has_sleeper)",
                "call io_post_aux_cqe", "locked spin_lock(completion_lock)", "fence smp_mb(wq_has_sleeper)",
                "call io_cqring_wait");
        RecipeStep lock = a.steps().get(2);
        assertThat(lock.kind()).isEqualTo(StepKind.LOCKED);
        assertThat(lock.source()).isEqualTo("io_uring/io_uring.c:600");
        assertThat(lock.note()).isEqualTo("the lock");
        assertThat(lock.line()).isEqualTo(10);
        assertThat(a.steps().getLast().source()).isEqualTo("v6.2 io_uring/io_uring.c:2494");
        assertThat(a.steps().get(3).source()).isEqualTo("include/linux/wait.h:127-129");
        Recipe.Arm b = r.arms().get(1);
        assertThat(b.strategies()).containsEntry("completion", "batched-cqe");
        assertThat(b.options()).containsEntry("cqe-array", "16");
        assertThat(b.kernel()).isEqualTo("v6.1-rc7 + the series");
    }

    /** In the cases below a {@code ~} is a space (CSV trims spaces) and {@code \\n} a line break. */
    private static String unescape(String s) {
        return s == null ? "" : s.replace('~', ' ').replace("\\n", "\n");
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
            // what replaces arm A's last step, 'call io_cqring_wait @ v6.2 ...' (line 20) | line | the problem
            "~~~~cal io_cqring_wait @ io_uring/io_uring.c:2494          | 20 | 'cal' is no step kind",
            "~~~~call io_cqring_wait io_uring/io_uring.c:2494           | 20 | no '@'",
            "~~~~call io_cqring_wait @ io_uring/io_uring.c              | 20 | cites no FILE:LINE",
            "~~~~call @ io_uring/io_uring.c:2494                        | 20 | no name",
            "~~~~use nowhere                                            | 20 | no such block",
            "~~~~repeat 0:                                              | 20 | 'repeat N:'",
            "~~~~~~~~call io_cqring_wait @ io_uring/io_uring.c:2494     | 20 | indented too deep",
            "~~~call io_cqring_wait @ io_uring/io_uring.c:2494          | 20 | two a level",
            "\\tcall io_cqring_wait @ io_uring/io_uring.c:2494          | 20 | a tab",
    })
    void shouldNameTheFileAndLineOfEachStepProblem(String replacement, int line, String problem) {
        String text = GOOD.replace("    call io_cqring_wait @ v6.2 io_uring/io_uring.c:2494   a version before the file",
                unescape(replacement).replace("\\t", "\t"));
        assertProblemAt(text, line, problem);
    }

    @ParameterizedTest(name = "{3}")
    @CsvSource(delimiter = '|', value = {
            // the first occurrence of this | replaced by this | line | the problem
            "race~~~~~tiny                | race~~~~~other         | 2  | in a file named for 'tiny'",
            "ops~~~~~~2                   | ops~~~~~~none          | 6  | 'ops' must be a whole number",
            "warmup~~~1                   | colour~~~blue          | 7  | unknown line 'colour'",
            "rounds~~~1                   | rounds~~~0             | 8  | 'rounds' must be a whole number, at least 1",
            "workload regb k=v            | workload regb k        | 5  | is not KEY=VALUE",
            "~~profile~~linux-6.1\\n      |                        | 13 | lacks its 'profile' line",
            "~~strategy completion=batched-cqe | strategy x=y      | 26 | arm B lacks 'steps:'",
            "block post:                  | block lock:            | 22 | already defined at line 9",
            "~~use lock\\n                | ~~use post\\n          | 24 | a block cannot use itself",
            "arm B linux-6.1+batched-cqe  | arm A again            | 26 | arm A is already defined at line 13",
    })
    void shouldNameTheLineOfEachHeaderAndStructureProblem(String from, String to, int line, String problem) {
        String text = GOOD.replaceFirst(Pattern.quote(unescape(from)), Matcher.quoteReplacement(unescape(to)));
        assertProblemAt(text, line, problem);
    }

    /** {@code text}, a changed copy of {@link #GOOD}, is refused with {@code dir/tiny.recipe:LINE: ...problem...}. */
    private static void assertProblemAt(String text, int line, String problem) {
        assertThat(text).isNotEqualTo(GOOD);
        assertThatThrownBy(() -> RecipeParser.parse("dir/tiny.recipe", text)).isInstanceOf(RecipeSyntaxException.class)
                .hasMessageStartingWith("dir/tiny.recipe:" + line + ": ").hasMessageContaining(problem);
    }

    @Test
    void shouldRefuseARecipeWithoutArmsOrHeaders() {
        assertThatThrownBy(() -> RecipeParser.parse("tiny.recipe", HEAD)).hasMessage("tiny.recipe:2: no arm: a recipe has 'arm A ...' and usually 'arm B ...'");
        assertThatThrownBy(() -> RecipeParser.parse("tiny.recipe", HEAD.replace("figure   000\n", "")))
                .hasMessageStartingWith("tiny.recipe:2: header 'figure' is missing");
    }
}
