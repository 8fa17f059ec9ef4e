package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.ClassPathFiles;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.Names;
import dev.uringlab.spi.Strategies;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reports' claims name each race's context and list every axis's implementation in both
 * arms ({@code context}, {@code arms} in each {@code META-INF/uring-lab/claims/SEED.json} a
 * strategy module ships); reports reads files, not classes, so this test holds that list to the
 * registry: the baseline arm is the context's
 * resolution, the patched arm the same with the claim's patched alias on its axis, and the
 * context is the profile {@link KernelProfile#contextOf} names for the seed.
 */
class ClaimArmsTest {

    @Test
    void shouldListEachArmAsTheRegistryResolvesTheContext() throws IOException {
        int withContext = 0;
        for (ClassPathFiles.Entry file : ClassPathFiles.under(getClass().getClassLoader(), "META-INF/uring-lab/claims/", ".json")) {
            JsonNode claim = new ObjectMapper().readTree(file.bytes());
            if (!claim.hasNonNull("context")) {
                continue;
            }
            withContext++;
            String seed = claim.get("seed").asText();
            String context = claim.get("context").asText();
            assertThat(KernelProfile.contextOf(seed)).as("seed %s", seed).map(KernelProfile::name).hasValue(context);
            String axisKey = Names.kebab(claim.get("axis").asText());
            Map<String, String> baseline = resolve(RingConfig.builder(1).profile(context).build());
            Map<String, String> patched = resolve(RingConfig.builder(1).profile(context)
                    .strategy(axisKey, claim.get("patched").asText()).build());
            assertThat(asMap(claim.get("arms").get("baseline"))).as("seed %s, baseline arm", seed).containsExactlyEntriesOf(baseline);
            assertThat(asMap(claim.get("arms").get("patched"))).as("seed %s, patched arm", seed).containsExactlyEntriesOf(patched);
        }
        assertThat(withContext).isGreaterThanOrEqualTo(5);
    }

    private static Map<String, String> resolve(RingConfig config) {
        Map<String, String> m = new LinkedHashMap<>();
        Strategies.resolve(config).forEach((axis, p) -> m.put(axis.key(), p.alias()));
        return m;
    }

    private static Map<String, String> asMap(JsonNode node) {
        Map<String, String> m = new LinkedHashMap<>();
        node.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }
}
