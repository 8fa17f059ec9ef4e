package dev.uringlab.api;

import dev.uringlab.spi.RingProvider;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Finds a ring engine by name through {@link ServiceLoader}: ring-core registers
 * {@code emulated}, ring-native registers {@code native}. Workloads, benchmarks and the CLI
 * ask here and import neither engine.
 */
public final class Rings {
    private Rings() {}

    /** Every engine on the class path, by name. */
    public static Map<String, RingProvider> providers() {
        Map<String, RingProvider> byName = new TreeMap<>();
        for (RingProvider p : ServiceLoader.load(RingProvider.class, Rings.class.getClassLoader())) {
            byName.put(p.name(), p);
        }
        return byName;
    }

    /** The engine called {@code engine}; throws {@link RingUnavailableException} naming those there are. */
    public static RingProvider provider(String engine) throws RingUnavailableException {
        Map<String, RingProvider> all = providers();
        RingProvider p = all.get(engine);
        if (p == null) {
            throw new RingUnavailableException("no ring engine '" + engine + "' on the class path; available: " + all.keySet());
        }
        return p;
    }

    /** Opens a ring on the engine called {@code engine}. */
    public static Ring open(String engine, RingConfig config) throws RingUnavailableException {
        return provider(engine).open(config);
    }
}
