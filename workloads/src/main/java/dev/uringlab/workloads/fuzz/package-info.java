/**
 * Differential fuzzing of the emulator against the real kernel, in the scenario format:
 * {@link dev.uringlab.workloads.fuzz.ScenarioGenerator} writes seeded random programs (every
 * command and flag of SCENARIOS.md, avoiding what the kernel leaves unordered);
 * {@link dev.uringlab.workloads.fuzz.DifferentialRunner} runs each on the native ring twice (a
 * program whose two kernel runs differ is set aside) and on the emulated ring under every
 * {@link dev.uringlab.workloads.fuzz.EmulatedSet} that claims the kernel's semantics;
 * {@link dev.uringlab.workloads.fuzz.Shrinker} reduces a disagreement to a small scenario and
 * {@link dev.uringlab.workloads.fuzz.FuzzCampaign} groups them by kind and writes each as a
 * scenario with the kernel's stream as its {@code .expected};
 * {@link dev.uringlab.workloads.fuzz.CqeInvariants} checks what must hold on the emulator alone.
 * Used by conformance's tests (a fixed seed) and by {@code uring-lab fuzz}.
 *
 * <p>May not: import ring-core, ring-native or a strategy module; engines and strategies are
 * reached by name, as the scenario runner reaches them.
 */
package dev.uringlab.workloads.fuzz;
