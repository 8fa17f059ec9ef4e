package dev.uringlab.reports.input;

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
 * @param axis      the strategy param that selects the patch (an SPI axis key in camelCase)
 * @param patched   the value of {@code axis} for the patched strategy
 * @param match     params every figure's results must have, e.g. {@code ring=emulated}
 * @param options   params that are options of the patched strategy alone (e.g. {@code cqeArray},
 *                  batched-cqe's array size): a figure's value for them selects the patched result
 *                  only, and the baseline result, which has no such option, is matched without them
 * @param display   the unit the report shows this benchmark in
 * @param figures   the author's figures, the headline first
 * @param note      what a reader must know about one of the points the report shows beside the
 *                  claim (reg.b's native point is today's kernel, neither side of the series),
 *                  or {@code null}
 * @param demo      the classroom demo that replays this seed's mechanism step by step
 *                  ({@code uring-lab demo NAME}), or {@code null} while it has none
 */
public record Claim(String seed, String title, String post, String mechanism, String workload, String metric, String benchmark,
                    String axis, String patched, Map<String, String> match, List<String> options, Display display,
                    List<Figure> figures, String note, String demo) {
    public Claim {
        options = options == null ? List.of() : List.copyOf(options);
        match = match == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(match));
        figures = figures == null ? null : List.copyOf(figures);
    }

    /**
     * The file name of the page of the classroom demo {@code demo}, as the report links it:
     * beside the report, where {@code uring-lab report} and {@code compare} write it.
     */
    public static String demoPage(String demo) {
        return "demo-" + demo + ".html";
    }
}
