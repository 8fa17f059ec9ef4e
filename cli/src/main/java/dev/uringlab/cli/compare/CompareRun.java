package dev.uringlab.cli.compare;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one {@code uring-lab compare} did, for its report ({@link CompareReport}).
 *
 * @param dir         its {@code results/<timestamp>/} directory
 * @param env         its {@code env.json}, still being filled
 * @param results     its merged {@code jmh.json}
 * @param runs        the points scheduled, paired races as one point
 * @param races       the races, with the forks each point got
 * @param failed      the points that failed, with why
 * @param skipped     the points of the param spaces that were not experiments here
 * @param start       when the command started
 * @param runLength   the run length chosen
 * @param budget      the time budget
 * @param interrupted whether Ctrl-C ended it
 */
record CompareRun(Path dir, EnvFile env, JmhJson results, List<PlanPoint> runs, Races races, Map<PlanPoint, String> failed,
                  int skipped, Instant start, RunLength runLength, Duration budget, boolean interrupted) {
}
