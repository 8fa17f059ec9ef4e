package dev.uringlab.jmh;

/**
 * {@code java -jar jmh/target/benchmarks.jar ...}: JMH's own command line
 * ({@link org.openjdk.jmh.Main}), every fork getting {@link ForkFlags}.
 */
public final class BenchmarksMain {
    private BenchmarksMain() {
    }

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(ForkFlags.withForkFlags(args));
    }
}
