package dev.uringlab.conformance;

import dev.uringlab.spi.recipe.RecipeStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A recipe's expected steps against a trace's, aligned as a diff (longest common subsequence
 * after the common head and tail), rendered for a reader: each differing step with its recipe
 * line, three steps of context around it.
 */
final class StepDiff {
    private static final int CONTEXT = 3;
    private static final int MAX_ROWS = 80;
    /** Beyond this many cells the middle is compared position by position instead. */
    private static final long MAX_CELLS = 16_000_000L;

    /** One row of the alignment: a step in both (same), only in the recipe (-) or only traced (+). */
    private record Row(char op, RecipeStep expected, String traced, int index) {
    }

    private StepDiff() {
    }

    /** {@code null} when {@code traced} is exactly {@code expected}'s typed steps, in order; else the diff, rendered. */
    static String compare(String title, List<RecipeStep> expected, List<String> traced) {
        int n = expected.size();
        int m = traced.size();
        int head = 0;
        while (head < n && head < m && expected.get(head).typed().equals(traced.get(head))) {
            head++;
        }
        if (head == n && head == m) {
            return null;
        }
        int tail = 0;
        while (tail < n - head && tail < m - head && expected.get(n - 1 - tail).typed().equals(traced.get(m - 1 - tail))) {
            tail++;
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < head; i++) {
            rows.add(new Row(' ', expected.get(i), traced.get(i), i));
        }
        align(expected.subList(head, n - tail), traced.subList(head, m - tail), head, rows);
        for (int i = tail; i > 0; i--) {
            rows.add(new Row(' ', expected.get(n - i), traced.get(m - i), m - i));
        }
        return render(title, expected, traced, rows);
    }

    private static void align(List<RecipeStep> a, List<String> b, int offset, List<Row> into) {
        int n = a.size();
        int m = b.size();
        if ((long) (n + 1) * (m + 1) > MAX_CELLS) {
            for (int i = 0; i < Math.max(n, m); i++) {
                if (i < n && i < m && a.get(i).typed().equals(b.get(i))) {
                    into.add(new Row(' ', a.get(i), b.get(i), offset + i));
                } else {
                    if (i < n) {
                        into.add(new Row('-', a.get(i), null, offset + i));
                    }
                    if (i < m) {
                        into.add(new Row('+', null, b.get(i), offset + i));
                    }
                }
            }
            return;
        }
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).typed().equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).typed().equals(b.get(j))) {
                into.add(new Row(' ', a.get(i), b.get(j), offset + j));
                i++;
                j++;
            } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
                into.add(new Row('+', null, b.get(j), offset + j));
                j++;
            } else {
                into.add(new Row('-', a.get(i), null, offset + j));
                i++;
            }
        }
    }

    private static String render(String title, List<RecipeStep> expected, List<String> traced, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(title).append(": the trace is not the recipe (").append(expected.size()).append(" steps in the recipe, ")
                .append(traced.size()).append(" traced; '-' only in the recipe, '+' only in the trace)\n");
        Map<String, int[]> byKind = new TreeMap<>();
        expected.forEach(s -> byKind.computeIfAbsent(s.kind().keyword(), k -> new int[2])[0]++);
        traced.forEach(s -> byKind.computeIfAbsent(s.substring(0, s.indexOf(' ')), k -> new int[2])[1]++);
        sb.append("  by kind (recipe/traced):");
        byKind.forEach((k, c) -> sb.append(' ').append(k).append(' ').append(c[0]).append('/').append(c[1]).append(c[0] != c[1] ? "(!)" : ""));
        sb.append('\n');
        int width = 12;
        for (Row r : rows) {
            if (r.expected != null) {
                width = Math.max(width, Math.min(70, r.expected.typed().length()));
            }
        }
        boolean[] show = new boolean[rows.size()];
        for (int k = 0; k < rows.size(); k++) {
            if (rows.get(k).op != ' ') {
                for (int c = Math.max(0, k - CONTEXT); c <= Math.min(rows.size() - 1, k + CONTEXT); c++) {
                    show[c] = true;
                }
            }
        }
        sb.append(String.format("    %6s  %-6s  %-" + width + "s  %s%n", "step", "line", "recipe", "traced"));
        int shown = 0;
        boolean gap = false;
        for (int k = 0; k < rows.size(); k++) {
            if (!show[k]) {
                gap = true;
                continue;
            }
            if (gap && shown > 0) {
                sb.append("    ...\n");
            }
            gap = false;
            if (++shown > MAX_ROWS) {
                sb.append("    (more differences follow)\n");
                break;
            }
            Row r = rows.get(k);
            sb.append(String.format("  %c %6d  %-6s  %-" + width + "s  %s%n", r.op, r.index + 1,
                    r.expected == null ? "" : "L" + r.expected.line(), r.expected == null ? "" : r.expected.typed(),
                    r.traced == null ? "" : r.traced));
        }
        return sb.toString();
    }
}
