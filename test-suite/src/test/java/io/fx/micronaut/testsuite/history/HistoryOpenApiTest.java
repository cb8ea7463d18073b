package io.fx.micronaut.testsuite.history;

import com.fasterxml.jackson.databind.JsonNode;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history in the API document (valid per swagger-parser): the route with {@code page}, {@code limit} and
 * {@code HEAD}, the {@code <Model>History} row with {@code diff} of {@code FxHistoryChange} and {@code snapshot} as
 * the record without its redacted fields ({@code <Model>HistorySnapshot}), its list envelope, no write schemas, no
 * {@code _history} collection route, and the new error code.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "fx.openapi.enabled", value = "true")
@TestDatabase
class HistoryOpenApiTest {

    @Inject
    Api api;

    @Test
    void theHistoryIsDocumented() {
        JsonNode document = OpenApiValidation.fetchValid(api, "/api/openapi.json");
        JsonNode route = document.at("/paths/~1api~1chronicles~1{id}~1history");
        assertEquals("historyChronicle", route.at("/get/operationId").asText(), route.toString());
        List<String> parameters = new ArrayList<>();
        route.at("/get/parameters").forEach(p -> parameters.add(p.has("name") ? p.get("name").asText() : p.get("$ref").asText()));
        assertTrue(parameters.containsAll(List.of("page", "limit")), parameters.toString());
        assertEquals("#/components/schemas/ChronicleHistoryList",
            route.at("/get/responses/200/content/application~1json/schema/$ref").asText(), route.toString());
        assertFalse(route.at("/head").isMissingNode(), route.toString());
        assertTrue(route.at("/get/responses").has("404"), route.toString());

        JsonNode schemas = document.at("/components/schemas");
        JsonNode row = schemas.get("ChronicleHistory");
        assertEquals("#/components/schemas/FxHistoryChange", row.at("/properties/diff/additionalProperties/$ref").asText());
        // Chronicle.code is redacted (confidential): the snapshot's schema is the record without it
        assertEquals("#/components/schemas/ChronicleHistorySnapshot", row.at("/properties/snapshot/$ref").asText());
        JsonNode snapshot = schemas.get("ChronicleHistorySnapshot");
        assertTrue(snapshot.at("/properties").has("title"), snapshot.toString());
        assertFalse(snapshot.at("/properties").has("code"), snapshot.toString());
        assertFalse(OpenApiValidation.strings(snapshot.at("/required")).contains("code"), snapshot.toString());
        assertTrue(schemas.at("/Chronicle/properties").has("code"), "the record shows it");
        assertTrue(schemas.has("ChronicleHistoryList") && schemas.has("FxHistoryChange"), schemas.toString());
        assertFalse(schemas.get("ChronicleNoteHistory").at("/properties").has("snapshot"), "diff-only");
        assertFalse(schemas.has("ChronicleHistoryCreate") || schemas.has("ChronicleHistoryUpdate"));
        document.at("/paths").fieldNames().forEachRemaining(path ->
            assertFalse(path.contains("_history") || path.contains("histories"), path));
        assertTrue(document.toString().contains("HISTORY_WRITE_FAILED"), "the module's error code is published");
    }
}
