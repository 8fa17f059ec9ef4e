/**
 * The conformance suite (test-only): {@link dev.uringlab.conformance.ScenarioConformanceTest}
 * runs every scenario of {@code scenarios/} on every strategy set of the emulated engine and on
 * the native ring, and compares each CQE stream line by line with its expected file; one
 * {@code *Contract} class per SPI axis runs the axis's contract against every registered
 * implementation ({@link dev.uringlab.spi.Strategies#of}), in isolation, through small fakes of
 * what the engine gives a strategy. {@link dev.uringlab.conformance.FuzzDifferentialTest} holds
 * a fixed seed's generated programs against the kernel (known disagreements listed in
 * {@code fuzz/known-disagreements.txt}); {@link dev.uringlab.conformance.EmulatorInvariantsTest}
 * checks generated programs' CQE invariants under every strategy set. A strategy added to the class path is tested by all of them
 * without any edit here.
 *
 * <p>May not: import ring-core, ring-native or a strategy module; engines and strategies are
 * reached by name, as every user of the ring reaches them.
 */
package dev.uringlab.conformance;
