/**
 * The scenario file format of docs/scenario-format.md (v1 and its extensions): {@link dev.uringlab.workloads.scenario.ScenarioParser}
 * reads a file into an immutable {@link dev.uringlab.workloads.scenario.Scenario}, reporting
 * every error of the file as {@code FILE:LINE: message} before anything runs;
 * {@link dev.uringlab.workloads.scenario.ScenarioRunner} executes it on a ring of any engine,
 * found by name through {@link dev.uringlab.api.Rings}, and writes one line per CQE reaped.
 *
 * <p>Extension to v1: {@code opcode ud=U op=N flags=B} puts raw bits in {@code sqe->flags},
 * for the bad-flag cases the flag words cannot spell (an undefined IOSQE bit).
 *
 * <p>May not: import ring-core, ring-native or a strategy module; the same scenario runs on
 * every strategy set and on the real kernel.
 */
package dev.uringlab.workloads.scenario;
