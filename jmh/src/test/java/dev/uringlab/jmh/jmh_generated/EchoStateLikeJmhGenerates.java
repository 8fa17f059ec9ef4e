package dev.uringlab.jmh.jmh_generated;

import dev.uringlab.jmh.EchoServerBenchmark;

/**
 * What JMH's annotation processor generates for a {@code @State} class: a top-level subclass in the
 * benchmark package's {@code jmh_generated} package (JMH adds padding classes between them too).
 */
public class EchoStateLikeJmhGenerates extends EchoStateLikeJmhGeneratesPadding {
}

class EchoStateLikeJmhGeneratesPadding extends EchoServerBenchmark.EchoState {
}
