package dev.uringlab.demos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.demos.Alignment.Row;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AlignmentTest {

    @Test
    void shouldMatchTheCommonStepsAndPairTheOnesBetween() {
        List<Row> rows = Alignment.rows(steps("enter", "lock", "fill 1", "commit 1", "unlock", "fill 2", "done"),
                steps("enter", "defer 1", "lock", "fill 1", "fill 2", "commit 2", "unlock", "done"));
        // "fill 2" is common: A's commit and unlock stand alone before it, B's commit and unlock after it.
        assertThat(rows).containsExactly(
                new Row(0, 0, true),
                new Row(-1, 1, false),
                new Row(1, 2, true),
                new Row(2, 3, true),
                new Row(3, -1, false),
                new Row(4, -1, false),
                new Row(5, 4, true),
                new Row(-1, 5, false),
                new Row(-1, 6, false),
                new Row(6, 7, true));
    }

    @Test
    void shouldKeepEveryStepOfBothArmsOnceAndInOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            List<Step> a = randomSteps(random);
            List<Step> b = randomSteps(random);
            List<Row> rows = Alignment.rows(a, b);
            assertThat(rows.stream().mapToInt(Row::a).filter(i -> i >= 0).toArray()).as("seed %d", seed)
                    .containsExactly(range(a.size()));
            assertThat(rows.stream().mapToInt(Row::b).filter(i -> i >= 0).toArray()).as("seed %d", seed)
                    .containsExactly(range(b.size()));
            assertThat(rows).as("seed %d", seed).allSatisfy(r -> {
                assertThat(r.a() >= 0 || r.b() >= 0).isTrue();
                if (r.same()) {
                    assertThat(a.get(r.a()).call()).isEqualTo(b.get(r.b()).call());
                }
            });
        }
    }

    private static int[] range(int n) {
        int[] r = new int[n];
        Arrays.setAll(r, i -> i);
        return r;
    }

    private static List<Step> randomSteps(Random random) {
        List<Step> steps = new ArrayList<>();
        for (int i = random.nextInt(12); i > 0; i--) {
            steps.add(step("s" + random.nextInt(4)));
        }
        return steps;
    }

    private static List<Step> steps(String... calls) {
        return Arrays.stream(calls).map(AlignmentTest::step).toList();
    }

    private static Step step(String call) {
        return new Step(Step.Kind.KERNEL, call, "", null);
    }
}
