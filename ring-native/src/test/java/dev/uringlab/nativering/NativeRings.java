package dev.uringlab.nativering;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.testkit.Require;
import java.util.Optional;

/** Opens native rings for tests, through the registry, or skips the test with the engine's reason. */
final class NativeRings {
    private NativeRings() {}

    /**
     * A ring from {@code Rings.open("native", config)}; when the engine is unavailable here the
     * test is aborted (skipped, not failed, not passed) with the engine's reason as message.
     */
    static Ring openOrSkip(RingConfig config) throws RingUnavailableException {
        Optional<String> reason = new NativeRingProvider().unavailableReason();
        Require.nativeIoUring(reason);
        return Rings.open(NativeRingProvider.NAME, config);
    }

    static Ring openOrSkip(int entries) throws RingUnavailableException {
        return openOrSkip(RingConfig.builder(entries).build());
    }
}
