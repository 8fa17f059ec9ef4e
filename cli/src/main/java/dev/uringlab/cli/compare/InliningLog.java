package dev.uringlab.cli.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JIT's inlining decisions in one fork's output of {@code -XX:+PrintCompilation
 * -XX:+PrintInlining} (plain, or as {@code -XX:+LogVMOutput} writes it: XML-escaped inside the
 * VM's log), as a set of lines {@code caller @bci callee: decision} (a call site's type profile
 * counts dropped, its classes kept; the addresses in the names of hidden classes, which differ from
 * fork to fork, blanked), for the code of uring-lab's engine: a
 * decision is kept when its caller or callee is a class of {@value #KEPT}, but not of the paired
 * harness itself (whose one call per slice is meant to see both arms). The caller of a call at
 * the top of an inlining tree is the method of the compilation line before it; deeper calls'
 * callers are the call one level up.
 *
 * <p>The VM's log interleaves its threads' output, each switch marked
 * {@code <writer thread='N'/>} on a line of its own, and a switch may fall inside a line: on
 * 2026-12-03 a C2 thread's compilation line for {@code ReentrantLock::unlock} landed in the middle
 * of a C1 thread's inlining tree, whose calls then read as that method's, and one paired fork
 * showed six decisions made "only when paired" that no fork made. So each thread's lines are read
 * apart ({@link #byWriter}), a line cut by a switch joined again with its rest.
 */
final class InliningLog {
    /** The packages whose code is compared. */
    static final String KEPT = "dev.uringlab.";
    private static final List<String> HARNESS = List.of("dev.uringlab.jmh.paired.", "jmh_generated");
    private static final Pattern COMPILATION = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+[%sbn! ]*\\s([0-4])\\s+(\\S+::\\S+)(?:\\s+@\\s+\\d+)?\\s+\\(\\d+ bytes\\).*$");
    private static final Pattern CALL = Pattern.compile("^(\\s*)@ (\\d+)\\s+(\\S+::\\S+) \\(\\d+ bytes\\)\\s*(.*)$");
    private static final Pattern COUNTS = Pattern.compile("\\(\\d+/\\d+ counts\\)|\\d+/\\d+ counts|\\s+");
    private static final Pattern HIDDEN = Pattern.compile("([/+])0x[0-9a-f]+");

    private InliningLog() {
    }

    private static final Pattern WRITER = Pattern.compile("^<writer thread='(\\d+)'/>$");
    private static final Pattern RECORD_START = Pattern.compile("^\\s*(@ |\\d+\\s+\\d+\\s)");

    /** The decisions in {@code lines}, each writer thread's read apart. */
    static Set<String> decisions(List<String> lines) {
        Set<String> out = new LinkedHashSet<>();
        for (List<String> thread : byWriter(lines).values()) {
            out.addAll(threadDecisions(thread));
        }
        return out;
    }

    /**
     * {@code lines} split by the writer thread the VM's log names before them (lines before any
     * name are one thread's), XML-unescaped: a line that does not start a record (a compilation or a
     * call) continues its thread's last line when that line is not a whole record, as a switch of
     * writer in the middle of a line leaves it.
     */
    static Map<String, List<String>> byWriter(List<String> lines) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        String writer = "";
        for (String raw : lines) {
            Matcher w = WRITER.matcher(raw.strip());
            if (w.matches()) {
                writer = w.group(1);
                continue;
            }
            String line = unescape(raw);
            List<String> own = out.computeIfAbsent(writer, k -> new ArrayList<>());
            if (!own.isEmpty() && !RECORD_START.matcher(line).find() && !whole(own.getLast())) {
                own.set(own.size() - 1, own.getLast() + line);
            } else {
                own.add(line);
            }
        }
        return out;
    }

    /** Whether {@code line} is a whole compilation or call line. */
    private static boolean whole(String line) {
        return COMPILATION.matcher(line).matches() || CALL.matcher(line).matches();
    }

    /** The decisions in one thread's {@code lines}. */
    private static Set<String> threadDecisions(List<String> lines) {
        Set<String> out = new LinkedHashSet<>();
        String root = null;
        List<String> callers = new ArrayList<>(); // the call at each depth of the current tree
        List<Integer> indents = new ArrayList<>();
        for (String raw : lines) {
            String line = HIDDEN.matcher(raw).replaceAll("$10x*");
            Matcher c = COMPILATION.matcher(line);
            if (c.matches()) {
                root = "tier " + c.group(1) + " " + c.group(2);
                callers.clear();
                indents.clear();
                continue;
            }
            Matcher call = CALL.matcher(line);
            if (!call.matches() || root == null) {
                continue;
            }
            int indent = call.group(1).length();
            while (!indents.isEmpty() && indents.getLast() >= indent) {
                indents.removeLast();
                callers.removeLast();
            }
            String caller = callers.isEmpty() ? root : callers.getLast();
            String callee = call.group(3);
            String decision = COUNTS.matcher(call.group(4)).replaceAll(" ").strip();
            if ((mentions(caller) || callee.startsWith(KEPT)) && !harness(caller) && !harness(callee)) {
                out.add(caller + " @" + call.group(2) + " " + callee + ": " + decision);
            }
            indents.add(indent);
            callers.add(callee);
        }
        return out;
    }

    /** A line of the VM's XML log as the VM printed it. */
    private static String unescape(String line) {
        return line.indexOf('&') < 0 ? line : line.replace("&lt;", "<").replace("&gt;", ">").replace("&apos;", "'")
                .replace("&quot;", "\"").replace("&amp;", "&");
    }

    private static boolean mentions(String caller) {
        return caller.contains(KEPT);
    }

    private static boolean harness(String method) {
        return HARNESS.stream().anyMatch(method::contains);
    }
}
