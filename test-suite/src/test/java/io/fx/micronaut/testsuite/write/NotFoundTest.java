package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.LEDGERS;
import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertPlainError;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Unknown collections, unknown or malformed ids and deleted records are 404 {@code NOT_FOUND}. */
@MicronautTest(environments = "test")
@TestDatabase
class NotFoundTest {

    @Inject
    Api api;

    @Test
    void unknownCollectionIsNotFoundForEveryMethod() {
        String id = UUID.randomUUID().toString();
        assertPlainError(api.get("/api/widgetz"), 404, "NOT_FOUND");
        assertPlainError(api.get("/api/widgetz/" + id), 404, "NOT_FOUND");
        assertPlainError(api.post("/api/widgetz", Map.of("name", "x")), 404, "NOT_FOUND");
        assertPlainError(api.patch("/api/widgetz/" + id, Map.of("name", "x")), 404, "NOT_FOUND");
        assertPlainError(api.delete("/api/widgetz/" + id), 404, "NOT_FOUND");
        assertPlainError(api.get("/api/Gadgets"), 404, "NOT_FOUND");
        assertPlainError(api.get("/api/gadget"), 404, "NOT_FOUND");
    }

    @Test
    void unknownIdIsNotFoundAndNothingIsCreated() {
        String id = UUID.randomUUID().toString();
        long before = api.count(GADGETS);
        assertPlainError(api.get(GADGETS + "/" + id), 404, "NOT_FOUND");
        assertPlainError(api.patch(GADGETS + "/" + id, Bodies.gadget()), 404, "NOT_FOUND");
        assertPlainError(api.delete(GADGETS + "/" + id), 404, "NOT_FOUND");
        assertEquals(before, api.count(GADGETS), "PATCH of an unknown id never upserts");
    }

    @ParameterizedTest
    @ValueSource(strings = {"not-a-uuid", "123", "00000000000000000000000000000000",
        "00000000-0000-4000-8000-00000000000g", "00000000-0000-4000-8000-0000000000000", "%27%20OR%201%3D1--",
        "%20"})
    void malformedIdIsNotFound(String id) {
        long before = api.count(GADGETS);
        assertPlainError(api.get(GADGETS + "/" + id), 404, "NOT_FOUND");
        assertPlainError(api.patch(GADGETS + "/" + id, Map.of("name", "x")), 404, "NOT_FOUND");
        assertPlainError(api.delete(GADGETS + "/" + id), 404, "NOT_FOUND");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void deleteTwiceIsNotFoundTheSecondTime() {
        String id = api.create(GADGETS, Bodies.gadget());
        Api.Reply first = api.delete(GADGETS + "/" + id);
        assertEquals(204, first.status(), first.toString());
        assertEquals("", first.text());
        assertPlainError(api.delete(GADGETS + "/" + id), 404, "NOT_FOUND");
        assertPlainError(api.get(GADGETS + "/" + id), 404, "NOT_FOUND");
        assertPlainError(api.patch(GADGETS + "/" + id, Map.of("name", "Back")), 404, "NOT_FOUND");
    }

    @Test
    void softDeletedRecordIsNotFoundForReadUpdateAndDelete() {
        String id = api.create(LEDGERS, Map.of("title", "Books", "balance", 10));
        long before = api.count(LEDGERS);
        assertEquals(204, api.delete(LEDGERS + "/" + id).status());
        assertEquals(before - 1, api.count(LEDGERS));
        assertPlainError(api.get(LEDGERS + "/" + id), 404, "NOT_FOUND");
        assertPlainError(api.patch(LEDGERS + "/" + id, Map.of("title", "Revived")), 404, "NOT_FOUND");
        assertPlainError(api.delete(LEDGERS + "/" + id), 404, "NOT_FOUND");
        assertEquals(before - 1, api.count(LEDGERS), "the PATCH did not revive the record");
    }

    @Test
    void validationRunsBeforeTheLookupButAValidUpdateOfAMissingRecordIsNotFound() {
        String missing = UUID.randomUUID().toString();
        Envelopes.assertViolations(api.patch(GADGETS + "/" + missing, Map.of("quantity", 0)), "quantity:min");
        assertPlainError(api.patch(GADGETS + "/" + missing, Map.of("quantity", 2)), 404, "NOT_FOUND");
    }
}
