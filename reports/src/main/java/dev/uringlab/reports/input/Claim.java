package dev.uringlab.reports.input;

import dev.uringlab.spi.Names;
import java.util.List;
import java.util.Map;

/**
 * What one seed's author measured, and where the same measurement sits in uring-lab's JMH
 * results: the result of {@code benchmark} whose param {@code axis} is {@code patched},
 * against the one whose {@code axis} is {@code baseline}, both with every param of
 * {@link #match()} and the figure's {@link Figure#match()}.
 *
 * @param seed      the seed number, {@code 000} to {@code 004}
 * @param title     the patch series' title
 * @param post      the mailing-list post the figures come from, cited in words: author, subject,
 *                  list, date, and the Message-ID where the archived copy kept it (docs/seeds.md);
 *                  the report cites it for every quote of this claim
 * @param mechanism baseline mechanism -> patched mechanism, in a sentence
 * @param workload  the author's workload
 * @param metric    what one JMH operation is, e.g. {@code aux CQEs per second}
 * @param benchmark the JMH benchmark's full name
 * @param axis      the strategy param that selects the patch: an SPI axis key, kebab case in the file
 *                  ({@code link-cqe}), held as JMH spells the param ({@code linkCqe}; {@link Names})
 * @param patched   the value of {@code axis} for the patched strategy
 * @param match     params every figure's results must have, e.g. {@code ring=emulated} (keys in either
 *                  spelling, held as JMH spells them)
 * @param options   params that are options of the patched strategy alone (e.g. {@code cqe-array},
 *                  batched-cqe's array size): a figure's value for them selects the patched result
 *                  only, and the baseline result, which has no such option, is matched without them
 * @param display   the unit the report shows this benchmark in
 * @param figures   the author's figures, the headline first
 * @param context   the kernel profile of the author's kernel ({@code linux-6.1}), the race's
 *                  context: the results with {@code profile=context} are matched first (only the
 *                  patched axis then differs, and the other axis params of {@code match}, which the
 *                  profile decides, are dropped); a run without them is matched as {@code match}
 *                  says and the report notes that the race ran outside its context. May be null.
 * @param arms      per arm ({@code baseline}, {@code patched}), every axis's implementation in the
 *                  context, axis key to alias: what the report lists (held to the strategy
 *                  registry by conformance's {@code ClaimArmsTest}). Null without a context.
 * @param note      what a reader must know about one of the points the report shows beside the
 *                  claim (reg.b's native point is today's kernel, neither side of the series),
 *                  or {@code null}
 * @param demo      the classroom demo that replays this seed's mechanism step by step
 *                  ({@code uring-lab demo NAME}), or {@code null} while it has none
 */
public record Claim(String seed, String title, String post, String mechanism, String workload, String metric, String benchmark,
                    String axis, String patched, Map<String, String> match, List<String> options, Display display,
                    List<Figure> figures, String note, String context, Map<String, Map<String, String>> arms, String demo) {
    public Claim {
        arms = arms == null ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(arms));
        axis = axis == null ? null : Names.camel(axis);
        options = options == null ? List.of() : options.stream().map(Names::camel).toList();
        match = Figure.jmhSpelling(match);
        figures = figures == null ? null : List.copyOf(figures);
    }

    /** {@code axis=alias, ...} of one arm, or empty without a context. */
    public String arm(String name) {
        if (arms == null || arms.get(name) == null) {
            return "";
        }
        return arms.get(name).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /**
     * The file name of the page of the classroom demo {@code demo}, as the report links it:
     * beside the report, where {@code uring-lab report} and {@code compare} write it.
     */
    public static String demoPage(String demo) {
        return "demo-" + demo + ".html";
    }
}
