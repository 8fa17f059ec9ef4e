package dev.uringlab.reports.prices;

import com.fasterxml.jackson.databind.JsonNode;
import dev.uringlab.reports.input.JsonFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * Per arm of every recipe, the requests submitted and CQEs filled per operation (the resource
 * {@value #RESOURCE}, which conformance's {@code RecipeRequestsTest} holds to the emulated ring
 * running the arm): the {@link CalibrationInput#REQUEST} and {@link CalibrationInput#CQE} steps of
 * a race, which no recipe line lists.
 */
public final class RecipeRequests {
    /** The class-path resource beside this class. */
    public static final String RESOURCE = "recipe-requests.json";
    private static final JsonNode ROOT = load();

    private RecipeRequests() {
    }

    private static JsonNode load() {
        try (InputStream in = RecipeRequests.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + RESOURCE + " beside " + RecipeRequests.class.getName());
            }
            return JsonFiles.JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Requests and CQEs per operation of arm {@code arm} of race {@code race}: {requests, cqes}, or empty when not pinned. */
    public static Optional<double[]> perOp(String race, String arm) {
        JsonNode a = ROOT.path("races").path(race).path(arm);
        if (a.isMissingNode()) {
            return Optional.empty();
        }
        double ops = a.path("ops").asDouble();
        return Optional.of(new double[] {a.path("sqes").asDouble() / ops, a.path("cqes").asDouble() / ops});
    }
}
