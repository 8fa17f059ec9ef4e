package dev.uringlab.nativering;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.spi.RingProvider;
import java.util.Optional;

/**
 * The {@code native} ring engine: the running kernel's io_uring ({@link NativeRing}),
 * registered in {@code META-INF/services/dev.uringlab.spi.RingProvider}.
 *
 * <p>{@link #unavailableReason()} answers from a probe made once per JVM (architecture,
 * {@code /proc/sys/kernel/io_uring_disabled}, a real {@code io_uring_setup(1)}), or from the
 * system property {@code uringlab.native.disable=<reason>}, read on every call, which turns
 * the engine off with that reason.
 */
public final class NativeRingProvider implements RingProvider {
    /** The engine's name: {@value}. */
    public static final String NAME = "native";

    /** See {@link NativeAvailability#DISABLE_PROPERTY}: {@value}. */
    public static final String DISABLE_PROPERTY = NativeAvailability.DISABLE_PROPERTY;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return NativeAvailability.unavailableReason();
    }

    /**
     * Checks {@code config} first (API misuse is the same everywhere, see {@link NativeRingConfig}),
     * then availability, then sets the ring up.
     */
    @Override
    public Ring open(RingConfig config) throws RingUnavailableException {
        NativeRingConfig.check(config);
        Optional<String> reason = unavailableReason();
        if (reason.isPresent()) {
            throw new RingUnavailableException("native io_uring unavailable: " + reason.get());
        }
        return NativeRing.setup(config);
    }
}
