package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyOption;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The ring a benchmark thread drives, opened from the benchmark's {@code @Param} strings through
 * {@link Rings#open} only (no engine is imported: ring-core and ring-native are found by
 * {@link java.util.ServiceLoader}). A benchmark declares a {@code @State(Scope.Thread)} subclass
 * holding its params, named as {@link ParamRules} says ({@code ring}, {@code profile}, one per
 * axis it races, e.g. {@code reqAlloc}), and builds its workload in {@link #opened}:
 *
 * <pre>{@code
 * @State(Scope.Thread)
 * public static class Nops32State extends BenchmarkRingState {
 *     @Param({"emulated", "native"}) public String ring;
 *     @Param(Axis.BASELINE) public String reqAlloc; // the other aliases: the registry's (ParamRules.aliases)
 *     Nops32 nops;
 *     protected RingConfig.Builder setup() { return Nops32.setup(); }
 *     protected void opened(Ring ring) { nops = new Nops32(ring); }
 * }
 * }</pre>
 *
 * <p>At trial setup it reads the params (reflection, once, outside any timed code), refuses a
 * combination {@link ParamRules#rejection} names, fails with the engine's own reason when the
 * engine cannot run here (the native ring where io_uring is disabled), and opens the ring:
 * the profile as given, each axis alias that is not baseline as an explicit choice (so under
 * {@code all-patches} the profile picks the axes), and each param named after an option the
 * chosen strategy declares ({@link dev.uringlab.spi.StrategyProvider#options()}) as that ring
 * option. Before the ring opens it pins the benchmark thread to the CPU it runs on ({@link OneCpu}),
 * so that the threads the ring starts (io-wq's workers, a device's interrupt) share it.
 * At trial teardown it closes the ring and gives the thread the process's CPUs back (a test that
 * opens a benchmark's ring leaves its runner's thread as it found it).
 */
public abstract class BenchmarkRingState {
    /** The ring the last BenchmarkRingState opened on this thread, for {@link RingCounters}. */
    private static final ThreadLocal<Ring> OPENED = new ThreadLocal<>();

    private Ring ring;

    /** io_uring_setup's arguments for the workload (entries, CQ size, flags, options): e.g. {@code Nops32.setup()}. */
    protected abstract RingConfig.Builder setup();

    /** Called once the ring is open, before the first iteration: build the workload on it. */
    protected abstract void opened(Ring ring);

    /** Called at trial teardown while the ring is still open: release what the workload holds (files, buffers). */
    protected void closing() {}

    /** The open ring. */
    public final Ring ring() {
        return ring;
    }

    /**
     * The benchmark class a state belongs to: the class enclosing the state as written, below the
     * subclasses JMH generates for it ({@code jmh_generated.EchoServerBenchmark_EchoState_jmhType},
     * top-level classes that extend it), which a fork instantiates; a paired arm instantiates the
     * state itself.
     */
    static Class<?> benchmarkOf(Class<?> state) {
        Class<?> written = state;
        while (written.getPackageName().endsWith(".jmh_generated")) {
            written = written.getSuperclass();
        }
        return written.getEnclosingClass() != null ? written.getEnclosingClass() : written;
    }

    @Setup(Level.Trial)
    public final void openRing() throws RingUnavailableException {
        Map<String, String> params = params();
        ParamRules.rejection(benchmarkOf(getClass()).getName(), params).ifPresent(reason -> {
            throw new IllegalArgumentException("this combination of params is not an experiment: " + reason);
        });
        String engine = params.get(ParamRules.RING);
        if (engine == null) {
            throw new IllegalStateException(getClass().getName() + " declares no @Param String " + ParamRules.RING);
        }
        RingProvider provider = Rings.provider(engine);
        var unavailable = provider.unavailableReason();
        if (unavailable.isPresent()) {
            throw new RingUnavailableException("ring=" + engine + " cannot run here: " + unavailable.get());
        }
        RingConfig.Builder config = setup();
        String profile = params.get(ParamRules.PROFILE);
        if (profile != null && !profile.equals(Strategies.PROFILE_BASELINE)) {
            config.profile(profile);
        }
        for (Axis<?> axis : Axis.values()) {
            String alias = params.get(ParamRules.paramName(axis));
            if (alias != null && !alias.equals(Axis.BASELINE)) {
                config.strategy(axis.key(), alias);
                for (StrategyOption option : Strategies.find(axis, alias).options()) {
                    String value = params.get(ParamRules.paramName(option));
                    if (value != null) {
                        config.option(option.key(), value);
                    }
                }
            }
        }
        OneCpu.pin();
        ring = provider.open(config.build());
        OPENED.set(ring);
        opened(ring);
    }

    @TearDown(Level.Trial)
    public final void closeRing() {
        if (ring != null) {
            closing();
            ring.close();
            ring = null;
            OPENED.remove();
            OneCpu.release();
        }
    }

    /** The ring this thread's BenchmarkRingState opened; an error when there is none (a benchmark without a BenchmarkRingState). */
    static Ring openedOnThisThread() {
        Ring ring = OPENED.get();
        if (ring == null) {
            throw new IllegalStateException("RingCounters needs a BenchmarkRingState argument on the same benchmark method");
        }
        return ring;
    }

    /** Every {@code @Param} of this state, name to value, as JMH injected them. */
    private Map<String, String> params() {
        Map<String, String> params = new LinkedHashMap<>();
        for (Class<?> c = getClass(); c != BenchmarkRingState.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(Param.class)) {
                    try {
                        f.setAccessible(true);
                        params.putIfAbsent(f.getName(), String.valueOf(f.get(this)));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException("cannot read @Param " + f, e);
                    }
                }
            }
        }
        return params;
    }
}
