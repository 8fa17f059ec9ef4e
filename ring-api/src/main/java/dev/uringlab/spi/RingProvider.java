package dev.uringlab.spi;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import java.util.Optional;

/**
 * A ring engine, registered with {@link java.util.ServiceLoader} under
 * {@code META-INF/services/dev.uringlab.spi.RingProvider}: ring-core's {@code emulated},
 * ring-native's {@code native}. Found by name through {@link dev.uringlab.api.Rings}.
 */
public interface RingProvider {

    /** The engine's name. */
    String name();

    /** Why this engine cannot open rings here (e.g. "io_uring_setup: ENOSYS"), or empty when it can. */
    Optional<String> unavailableReason();

    /**
     * io_uring_setup: a ring configured by {@code config}.
     *
     * @throws RingUnavailableException when the engine cannot run here (the message names the cause)
     * @throws IllegalArgumentException for API misuse: sizes out of range (naming the limit),
     *     an unknown strategy alias (listing those available)
     */
    Ring open(RingConfig config) throws RingUnavailableException;
}
