/**
 * A replayed demo rendered: {@link dev.uringlab.demos.render.TextTrace} for a terminal,
 * {@link dev.uringlab.demos.render.DemoPage} as one self-contained interactive HTML page (the
 * steps and states injected as JSON into a Mustache template, as async-profiler does: no
 * network, no external asset).
 *
 * <p>May not: run a ring (it renders what {@link dev.uringlab.demos.Replay} recorded); compute
 * state the page shows (the page draws the {@link dev.uringlab.demos.Snapshot}s as they are).
 */
package dev.uringlab.demos.render;
