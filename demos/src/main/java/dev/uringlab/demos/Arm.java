package dev.uringlab.demos;

import java.util.Map;

/**
 * One arm of a demo: the kernel it stands for ({@code label}, e.g. "6.1, the author's context")
 * and how the emulated ring is configured to be that kernel: strategy aliases by axis
 * ({@code completion=batched-cqe}) and an optional profile. Immutable.
 *
 * @param label      what the arm is, as the narration names it
 * @param strategies axis key to alias; unset axes are the profile's, else baseline
 * @param profile    a profile name, or {@code null}
 */
public record Arm(String label, Map<String, String> strategies, String profile) {

    public Arm {
        strategies = Map.copyOf(strategies);
    }

    /** {@code completion=batched-cqe link-cqe=boxed-cqe}, {@code profile=P} first; {@code baseline} when nothing is set. */
    public String configuration() {
        StringBuilder sb = new StringBuilder();
        if (profile != null) {
            sb.append("profile=").append(profile);
        }
        strategies.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sb.append(sb.isEmpty() ? "" : " ").append(e.getKey()).append('=').append(e.getValue()));
        return sb.isEmpty() ? "baseline" : sb.toString();
    }
}
