/**
 * Classroom demos (DESIGN.md, "demos"): each a small scenario program with a narration and a
 * "what to notice" paragraph ({@link dev.uringlab.demos.Demo}, read from a {@code NAME.demo}
 * resource by {@link dev.uringlab.demos.DemoFile}), run on the emulated ring once per arm, the
 * author's kernel and the patched one ({@link dev.uringlab.demos.Replay}). Each arm's trace and
 * the application's lines become {@link dev.uringlab.demos.Step}s, each with the ring as the trace
 * shows it after the step ({@link dev.uringlab.demos.Snapshot}); the two arms are laid side by
 * side by {@link dev.uringlab.demos.Alignment}.
 *
 * <p>Deterministic: the ring runs in deterministic mode on a thread of its own, so a demo gives
 * the same steps on every run. Needs a JVM with {@code -Duringlab.trace=true}.
 *
 * <p>May not: import ring-core, ring-native or a strategy module (the engine and the strategies
 * are found by name at run time); reconstruct anything the trace does not carry (add the trace
 * point or argument in ring-api and ring-core instead).
 */
package dev.uringlab.demos;
