package dev.uringlab.jmh.paired;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Opens an arm in a class loader of its own: a loader over this JVM's class path whose parent
 * is the platform loader, so every class that is not the JDK's (the benchmark, its workload,
 * ring-api, ring-core, the strategies, JCTools, JMH's annotations) is defined again by it, with
 * its own profile and compiled code. What the harness holds is an {@link Arm} of that loader,
 * seen through the JDK types both loaders share; the one call per slice
 * ({@link LongUnaryOperator#applyAsLong}) is the only place the two arms' code meet.
 *
 * <p>HotSpot's {@code -XX:CompileCommand} patterns name classes and methods, not loaders, so the
 * inlining plan of {@code RingBenchmark} applies to every arm's copy alike.
 */
final class Arms {
    private Arms() {
    }

    /**
     * An opened arm, as the harness holds it.
     *
     * @param slices runs the arm's benchmark until a deadline, returning the operations done
     * @param states closes the arm's states (their teardowns)
     * @param loader the arm's own class loader
     */
    record Opened(LongUnaryOperator slices, AutoCloseable states, ClassLoader loader) {
    }

    /**
     * Loads {@code spec}'s benchmark in a new loader named {@code name} and sets it up (on this
     * thread, as JMH sets up thread-scoped states on the benchmark thread).
     */
    static Opened open(String name, ArmSpec spec) throws ReflectiveOperationException {
        ClassLoader loader = new URLClassLoader(name, classPath(), ClassLoader.getPlatformClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Object arm = Class.forName(Arm.class.getName(), true, loader)
                    .getConstructor(String.class, Map.class).newInstance(spec.benchmark(), spec.params());
            return new Opened((LongUnaryOperator) arm, (AutoCloseable) arm, loader);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static URL[] classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).filter(s -> !s.isEmpty())
                .map(s -> {
                    try {
                        return Path.of(s).toUri().toURL();
                    } catch (MalformedURLException e) {
                        throw new IllegalStateException("class path entry " + s, e);
                    }
                }).toArray(URL[]::new);
    }
}
