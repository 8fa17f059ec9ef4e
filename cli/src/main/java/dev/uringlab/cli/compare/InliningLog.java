package dev.uringlab.cli.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
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

    /** The decisions in {@code lines}. */
    static Set<String> decisions(List<String> lines) {
        Set<String> out = new LinkedHashSet<>();
        String root = null;
        List<String> callers = new ArrayList<>(); // the call at each depth of the current tree
        List<Integer> indents = new ArrayList<>();
        for (String raw : lines) {
            String line = HIDDEN.matcher(unescape(raw)).replaceAll("$10x*");
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
