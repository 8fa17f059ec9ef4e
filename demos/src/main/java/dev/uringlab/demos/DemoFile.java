package dev.uringlab.demos;

import dev.uringlab.workloads.scenario.ScenarioParser;
import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code NAME.demo} file: a scenario file (SCENARIOS.md, so {@code uring-lab run} runs it
 * as it is) whose leading comment carries the demo's fields, one {@code # key: value} line
 * each, continued on the {@code #} lines after it:
 *
 * <pre>
 * # title: Batched multishot CQEs
 * # seed: 000
 * # arm: 6.1, the author's context | completion=baseline
 * # arm: 6.1 + the series | completion=batched-cqe
 * # narration: Four multishot polls wait on one pipe...
 * #   (continued)
 * # notice: Count the spin_lock lines... Ask: ...
 * # show: percpu_ref
 * setup entries=8 cq_entries=32
 * ...
 * </pre>
 *
 * An arm is {@code LABEL | AXIS=ALIAS ... [profile=P]}. {@code show} (optional) names the costed
 * steps the demo narrates, by the start of their name ({@link Demo#show()}). A seed's demo is one such file,
 * shipped by the seed's strategy module ({@link Demos}).
 */
public final class DemoFile {
    private static final Pattern FIELD = Pattern.compile("#\\s*(title|seed|arm|narration|notice|show):\\s*(.*)");

    private DemoFile() {}

    /**
     * Parses {@code lines} of the demo called {@code name}.
     *
     * @throws ScenarioSyntaxException {@code NAME.demo:LINE: problem}, for the header as for the program
     */
    public static Demo parse(String name, List<String> lines) throws ScenarioSyntaxException {
        String file = name + ".demo";
        Map<String, StringBuilder> fields = new LinkedHashMap<>();
        List<Arm> arms = new ArrayList<>();
        StringBuilder current = null;
        int n = 0;
        for (String raw : lines) {
            n++;
            String line = raw.strip();
            if (!line.startsWith("#")) {
                break;
            }
            Matcher m = FIELD.matcher(line);
            if (m.matches()) {
                String key = m.group(1);
                if (key.equals("arm")) {
                    arms.add(arm(file, n, m.group(2)));
                    current = null;
                } else {
                    current = new StringBuilder(m.group(2).strip());
                    fields.put(key, current);
                }
            } else if (current != null) {
                String more = line.substring(1).strip();
                if (!more.isEmpty()) {
                    current.append(current.isEmpty() ? "" : " ").append(more);
                }
            }
        }
        for (String required : List.of("title", "narration", "notice")) {
            if (!fields.containsKey(required) || fields.get(required).isEmpty()) {
                throw new ScenarioSyntaxException(file, 1, "the header has no '# " + required + ":' line");
            }
        }
        if (arms.size() != 2) {
            throw new ScenarioSyntaxException(file, 1, "a demo has two '# arm:' lines, this one has " + arms.size());
        }
        StringBuilder seed = fields.get("seed");
        StringBuilder show = fields.get("show");
        return new Demo(name, seed == null ? null : seed.toString(), fields.get("title").toString(), arms,
                fields.get("narration").toString(), fields.get("notice").toString(), ScenarioParser.parse(file, lines),
                lines, show == null || show.isEmpty() ? List.of() : List.of(show.toString().split("\\s+")));
    }

    private static Arm arm(String file, int line, String spec) throws ScenarioSyntaxException {
        int bar = spec.indexOf('|');
        if (bar < 0) {
            throw new ScenarioSyntaxException(file, line, "an arm is 'LABEL | AXIS=ALIAS ...', got '" + spec + "'");
        }
        Map<String, String> strategies = new LinkedHashMap<>();
        String profile = null;
        for (String word : spec.substring(bar + 1).trim().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            int eq = word.indexOf('=');
            if (eq <= 0 || eq == word.length() - 1) {
                throw new ScenarioSyntaxException(file, line, "'" + word + "' is not AXIS=ALIAS or profile=P");
            }
            String key = word.substring(0, eq);
            String value = word.substring(eq + 1);
            if (key.equals("profile")) {
                profile = value;
            } else {
                strategies.put(key, value);
            }
        }
        return new Arm(spec.substring(0, bar).strip(), strategies, profile);
    }
}
