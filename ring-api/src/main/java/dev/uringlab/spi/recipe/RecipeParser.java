package dev.uringlab.spi.recipe;

import dev.uringlab.spi.trace.StepKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a recipe file (docs/recipes.md, "The file") into a {@link Recipe}, its arms' steps
 * expanded. Every problem is a {@link RecipeSyntaxException} naming the file and line.
 *
 * <p>The grammar, by indentation (two spaces a level, no tabs):
 * <pre>
 *   line     := header | 'block' NAME ':' | 'arm' ID LABEL     (top level)
 *   header   := ('race' | 'title' | 'figure' | 'workload' | 'ops' | 'warmup' | 'rounds') TEXT
 *   block    := body                                          (one level deeper)
 *   arm      := ('kernel' TEXT | 'profile' NAME | 'strategy' AXIS=ALIAS | 'option' KEY=VALUE)* 'steps:' body
 *   body     := (step | 'use' NAME | 'repeat' N ':' body)+
 *   step     := KIND NAME '@' [VERSION] FILE ':' LINE ['-' LINE] [NOTE]
 * </pre>
 * A {@code #} at the start of a line or after a blank starts a comment. {@code use} names a
 * top-level block, defined before or after; blocks may use blocks, not themselves.
 */
public final class RecipeParser {
    private static final List<String> HEADERS = List.of("race", "title", "figure", "workload", "ops", "warmup", "rounds");
    private static final Pattern SOURCE = Pattern.compile("[^\\s:@]+:\\d+(-\\d+)?");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");
    private static final Pattern ARM_ID = Pattern.compile("[A-Z]");

    /** One meaningful line: its number, indentation level and text without comment. */
    private record Line(int no, int level, String text) {
    }

    /** A body's elements before expansion. */
    private sealed interface Node permits StepNode, UseNode, RepeatNode {
    }

    private record StepNode(RecipeStep step) implements Node {
    }

    private record UseNode(String block, int line) implements Node {
    }

    private record RepeatNode(int times, List<Node> body) implements Node {
    }

    private final String file;
    private final List<Line> lines;
    private int next;

    private RecipeParser(String file, List<Line> lines) {
        this.file = file;
        this.lines = lines;
    }

    /**
     * Parses {@code text} (the whole file); {@code file} names it in messages and in
     * {@link Recipe#file()}, and its last path element, without {@code .recipe}, must be the race's name.
     */
    public static Recipe parse(String file, String text) {
        List<Line> lines = new ArrayList<>();
        String[] raw = text.split("\r?\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String s = stripComment(raw[i]).stripTrailing();
            if (s.isBlank()) {
                continue;
            }
            if (s.indexOf('\t') >= 0) {
                throw new RecipeSyntaxException(file, i + 1, "a tab: indent with two spaces a level");
            }
            int indent = 0;
            while (s.charAt(indent) == ' ') {
                indent++;
            }
            if (indent % 2 != 0) {
                throw new RecipeSyntaxException(file, i + 1, "indented by " + indent + " spaces: two a level");
            }
            lines.add(new Line(i + 1, indent / 2, s.substring(indent)));
        }
        return new RecipeParser(file, lines).recipe();
    }

    private static String stripComment(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '#' && (i == 0 || Character.isWhitespace(s.charAt(i - 1)))) {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private Recipe recipe() {
        Map<String, String> headers = new HashMap<>();
        Map<String, Integer> headerLines = new HashMap<>();
        Map<String, List<Node>> blocks = new LinkedHashMap<>();
        Map<String, Integer> blockLines = new HashMap<>();
        List<ArmDraft> arms = new ArrayList<>();
        while (next < lines.size()) {
            Line l = lines.get(next++);
            if (l.level != 0) {
                throw error(l, "indented, but no block, arm or repeat opens here");
            }
            String word = firstWord(l.text);
            String rest = afterFirstWord(l.text);
            if (word.equals("block")) {
                if (!rest.endsWith(":") || !NAME.matcher(rest.substring(0, rest.length() - 1)).matches()) {
                    throw error(l, "a block is 'block NAME:'");
                }
                String name = rest.substring(0, rest.length() - 1);
                if (blocks.containsKey(name)) {
                    throw error(l, "block '" + name + "' is already defined at line " + blockLines.get(name));
                }
                blocks.put(name, body(l, 1));
                blockLines.put(name, l.no);
            } else if (word.equals("arm")) {
                arms.add(arm(l, rest, arms));
            } else if (HEADERS.contains(word)) {
                if (rest.isEmpty()) {
                    throw error(l, "header '" + word + "' has no value");
                }
                if (headers.putIfAbsent(word, rest) != null) {
                    throw error(l, "header '" + word + "' is given twice (first at line " + headerLines.get(word) + ")");
                }
                headerLines.put(word, l.no);
            } else {
                throw error(l, "unknown line '" + word + "': a header (" + String.join(", ", HEADERS)
                        + "), 'block NAME:' or 'arm ID LABEL'");
            }
        }
        for (String h : HEADERS) {
            if (!headers.containsKey(h)) {
                throw new RecipeSyntaxException(file, lines.isEmpty() ? 1 : lines.getFirst().no, "header '" + h + "' is missing");
            }
        }
        String race = headers.get("race");
        String expectedRace = file.substring(file.lastIndexOf('/') + 1).replaceFirst("\\.recipe$", "");
        if (!race.equals(expectedRace)) {
            throw new RecipeSyntaxException(file, headerLines.get("race"), "race '" + race + "' in a file named for '" + expectedRace + "'");
        }
        if (arms.isEmpty()) {
            throw new RecipeSyntaxException(file, headerLines.get("race"), "no arm: a recipe has 'arm A ...' and usually 'arm B ...'");
        }
        String[] workload = headers.get("workload").split("\\s+");
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < workload.length; i++) {
            int eq = workload[i].indexOf('=');
            if (eq <= 0 || eq == workload[i].length() - 1) {
                throw new RecipeSyntaxException(file, headerLines.get("workload"), "workload parameter '" + workload[i] + "' is not KEY=VALUE");
            }
            params.put(workload[i].substring(0, eq), workload[i].substring(eq + 1));
        }
        int ops = number(headers, headerLines, "ops", 1);
        int warmup = number(headers, headerLines, "warmup", 0);
        int rounds = number(headers, headerLines, "rounds", 1);
        List<Recipe.Arm> expanded = new ArrayList<>();
        for (ArmDraft a : arms) {
            List<RecipeStep> steps = new ArrayList<>();
            expand(a.steps, blocks, new ArrayDeque<>(), steps);
            expanded.add(new Recipe.Arm(a.id, a.label, a.kernel, a.profile, a.strategies, a.options, steps, a.line));
        }
        return new Recipe(file, race, headers.get("title"), headers.get("figure"), workload[0], params, ops, warmup, rounds, expanded);
    }

    private int number(Map<String, String> headers, Map<String, Integer> headerLines, String h, int min) {
        try {
            int n = Integer.parseInt(headers.get(h));
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new RecipeSyntaxException(file, headerLines.get(h), "header '" + h + "' must be a whole number, at least " + min);
    }

    /** An arm as read, before expansion. */
    private record ArmDraft(String id, String label, String kernel, String profile, Map<String, String> strategies,
            Map<String, String> options, List<Node> steps, int line) {
    }

    private ArmDraft arm(Line header, String rest, List<ArmDraft> before) {
        String id = firstWord(rest);
        String label = afterFirstWord(rest);
        if (!ARM_ID.matcher(id).matches() || label.isEmpty()) {
            throw error(header, "an arm is 'arm ID LABEL', ID one capital letter (A: the author's kernel, B: with the patch)");
        }
        for (ArmDraft a : before) {
            if (a.id.equals(id)) {
                throw error(header, "arm " + id + " is already defined at line " + a.line);
            }
        }
        String kernel = null;
        String profile = null;
        Map<String, String> strategies = new LinkedHashMap<>();
        Map<String, String> options = new LinkedHashMap<>();
        List<Node> steps = null;
        while (next < lines.size() && lines.get(next).level >= 1) {
            Line l = lines.get(next++);
            if (l.level != 1) {
                throw error(l, "indented too deep: an arm's lines are kernel, profile, strategy, option and steps:");
            }
            String word = firstWord(l.text);
            String value = afterFirstWord(l.text);
            switch (word) {
                case "kernel" -> kernel = once(l, "kernel", kernel, value);
                case "profile" -> profile = once(l, "profile", profile, value);
                case "strategy" -> keyValue(l, value, strategies);
                case "option" -> keyValue(l, value, options);
                case "steps:" -> {
                    if (steps != null) {
                        throw error(l, "a second 'steps:' in arm " + id);
                    }
                    if (!value.isEmpty()) {
                        throw error(l, "'steps:' stands alone; its steps follow, indented");
                    }
                    steps = body(l, 2);
                }
                default -> throw error(l, "unknown arm line '" + word + "': kernel, profile, strategy, option or steps:");
            }
        }
        if (kernel == null || profile == null || steps == null) {
            throw error(header, "arm " + id + " lacks " + (kernel == null ? "its 'kernel' line" : profile == null ? "its 'profile' line" : "'steps:'"));
        }
        return new ArmDraft(id, label, kernel, profile, strategies, options, steps, header.no);
    }

    private String once(Line l, String what, String previous, String value) {
        if (previous != null) {
            throw error(l, "a second '" + what + "' line in this arm");
        }
        if (value.isEmpty()) {
            throw error(l, "'" + what + "' has no value");
        }
        return value;
    }

    private void keyValue(Line l, String value, Map<String, String> into) {
        int eq = value.indexOf('=');
        if (eq <= 0 || eq == value.length() - 1 || value.contains(" ")) {
            throw error(l, "'" + value + "' is not KEY=VALUE");
        }
        if (into.put(value.substring(0, eq), value.substring(eq + 1)) != null) {
            throw error(l, "'" + value.substring(0, eq) + "' is set twice in this arm");
        }
    }

    /** The lines at {@code level} after {@code opener}, and the deeper ones they open. */
    private List<Node> body(Line opener, int level) {
        List<Node> nodes = new ArrayList<>();
        while (next < lines.size() && lines.get(next).level >= level) {
            Line l = lines.get(next++);
            if (l.level > level) {
                throw error(l, "indented too deep: only 'repeat N:' opens a deeper level");
            }
            String word = firstWord(l.text);
            String rest = afterFirstWord(l.text);
            if (word.equals("use")) {
                if (!NAME.matcher(rest).matches()) {
                    throw error(l, "'use' names one block: 'use NAME'");
                }
                nodes.add(new UseNode(rest, l.no));
            } else if (word.equals("repeat")) {
                if (!rest.matches("[1-9][0-9]*:")) {
                    throw error(l, "a repeat is 'repeat N:', N a whole number from 1");
                }
                nodes.add(new RepeatNode(Integer.parseInt(rest.substring(0, rest.length() - 1)), body(l, level + 1)));
            } else {
                nodes.add(new StepNode(step(l)));
            }
        }
        if (nodes.isEmpty()) {
            throw error(opener, "nothing under '" + opener.text + "': its lines follow, indented two spaces more");
        }
        return nodes;
    }

    private RecipeStep step(Line l) {
        String word = firstWord(l.text);
        StepKind kind;
        try {
            kind = StepKind.ofKeyword(word);
        } catch (IllegalArgumentException e) {
            throw error(l, "'" + word + "' is no step kind, 'use' or 'repeat' (" + e.getMessage() + ")");
        }
        String rest = afterFirstWord(l.text);
        int at = rest.indexOf('@');
        if (at < 0) {
            throw error(l, "a step is '" + word + " NAME @ FILE:LINE [note]': no '@'");
        }
        String name = rest.substring(0, at).strip();
        if (name.isEmpty()) {
            throw error(l, "a step is '" + word + " NAME @ FILE:LINE [note]': no name");
        }
        String[] after = rest.substring(at + 1).strip().split("\\s+");
        for (int i = 0; i < Math.min(after.length, 2); i++) {
            if (SOURCE.matcher(after[i]).matches()) {
                String source = String.join(" ", Arrays.copyOfRange(after, 0, i + 1));
                String note = String.join(" ", Arrays.copyOfRange(after, i + 1, after.length));
                return new RecipeStep(kind, name, source, note, l.no);
            }
        }
        throw error(l, "step '" + word + " " + name + "' cites no FILE:LINE[-LINE] after '@' (optionally after a version: '@ v6.2 block/bio.c:412')");
    }

    private void expand(List<Node> nodes, Map<String, List<Node>> blocks, Deque<String> using, List<RecipeStep> into) {
        for (Node n : nodes) {
            switch (n) {
                case StepNode s -> into.add(s.step);
                case RepeatNode r -> {
                    for (int i = 0; i < r.times; i++) {
                        expand(r.body, blocks, using, into);
                    }
                }
                case UseNode u -> {
                    List<Node> block = blocks.get(u.block);
                    if (block == null) {
                        throw new RecipeSyntaxException(file, u.line, "'use " + u.block + "': no such block (blocks: "
                                + String.join(", ", blocks.keySet()) + ")");
                    }
                    if (using.contains(u.block)) {
                        throw new RecipeSyntaxException(file, u.line, "'use " + u.block + "' inside block " + u.block
                                + " (through " + String.join(" < ", using) + "): a block cannot use itself");
                    }
                    using.push(u.block);
                    expand(block, blocks, using, into);
                    using.pop();
                }
            }
        }
    }

    private RecipeSyntaxException error(Line l, String problem) {
        return new RecipeSyntaxException(file, l.no, problem);
    }

    private static String firstWord(String s) {
        int sp = s.indexOf(' ');
        return sp < 0 ? s : s.substring(0, sp);
    }

    private static String afterFirstWord(String s) {
        int sp = s.indexOf(' ');
        return sp < 0 ? "" : s.substring(sp + 1).strip();
    }
}
