package dev.uringlab.demos;

import java.util.ArrayList;
import java.util.List;

/**
 * The two arms of a demo laid side by side, step against step, as {@code diff} lays out two
 * files: a longest common subsequence of their calls ({@link Step#call()}) is matched, and the
 * steps between two matches are paired in order, the longer run's extra steps alone. Each
 * {@link Row} is one step of the text trace and of the page.
 */
public final class Alignment {
    private Alignment() {}

    /**
     * One aligned step: the index of each arm's step, or -1 where that arm has none.
     *
     * @param a    arm A's step, or -1
     * @param b    arm B's step, or -1
     * @param same whether both arms took the same step (the same call)
     */
    public record Row(int a, int b, boolean same) {}

    /** The rows for arms {@code a} and {@code b}, in order; every step of each appears once. */
    public static List<Row> rows(List<Step> a, List<Step> b) {
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).call().equals(b.get(j).call())
                        ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Row> rows = new ArrayList<>();
        List<Integer> onlyA = new ArrayList<>();
        List<Integer> onlyB = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).call().equals(b.get(j).call()) && lcs[i][j] == lcs[i + 1][j + 1] + 1) {
                pair(rows, onlyA, onlyB);
                rows.add(new Row(i++, j++, true));
            } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) {
                onlyA.add(i++);
            } else {
                onlyB.add(j++);
            }
        }
        pair(rows, onlyA, onlyB);
        return List.copyOf(rows);
    }

    private static void pair(List<Row> rows, List<Integer> onlyA, List<Integer> onlyB) {
        for (int k = 0; k < Math.max(onlyA.size(), onlyB.size()); k++) {
            rows.add(new Row(k < onlyA.size() ? onlyA.get(k) : -1, k < onlyB.size() ? onlyB.get(k) : -1, false));
        }
        onlyA.clear();
        onlyB.clear();
    }
}
