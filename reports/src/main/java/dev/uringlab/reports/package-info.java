/**
 * uring-lab's reports: JMH JSON results in, one self-contained HTML report out, with the
 * measured speed-up of each patch beside the figure its author posted to the io-uring list.
 *
 * <h2>For the CLI</h2>
 * <pre>{@code
 * try {
 *     Report report = Reports.write(List.of(jmhJson), Optional.ofNullable(baselineJson), reportHtml);
 *     System.out.print(report.summaryTable());          // plain-text summary for the terminal
 *     System.out.println("report: " + report.file());
 * } catch (ReportInputException e) {                   // dev.uringlab.reports.input
 *     System.err.println(e.getMessage());              // "<file>: <problem>", one line
 *     return 2;
 * }
 * }</pre>
 * <ul>
 *   <li>{@link dev.uringlab.reports.Reports#write(java.util.List, java.util.Optional, java.nio.file.Path)}:
 *       one or more runs (JMH {@code -rf json} files, each optionally with an {@code env.json}
 *       beside it), an optional older run to compare with, the output file. A
 *       {@link dev.uringlab.reports.ReportRequest} also takes a claims file other than the
 *       built-in one. The output is replaced atomically; nothing is written when an input is bad.</li>
 *   <li>{@link dev.uringlab.reports.Report}: the file written, the
 *       {@link dev.uringlab.reports.analysis.Analysis} behind it, and
 *       {@link dev.uringlab.reports.Report#summaryTable()}.</li>
 *   <li>{@link dev.uringlab.reports.Reports#analyse}: the same analysis without writing a file.</li>
 * </ul>
 *
 * <h2>Packages</h2>
 * {@code input} reads and checks files (JMH JSON, {@code env.json}, the claims file);
 * {@code analysis} turns them into ratios, intervals and verdicts; {@code render} makes the
 * HTML page (mustache template, JFreeChart SVG charts) and the text summary. Arrows point
 * that way only.
 *
 * <p>May not: depend on any uring-lab module but ring-api (for the registry's vocabulary, the
 * axis keys and their two spellings, and the class-path reader of the claims the strategy modules
 * ship), or load benchmark or strategy classes. The report reads files only, so it works on a
 * JSON file from any earlier run or another machine.
 */
package dev.uringlab.reports;
