package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertViolations;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 14 item 9 (the depth part): a json_array or json_object value nests at most {@code fx.max-json-depth}
 * (32) levels; deeper is a 422 naming the field with rule {@code depth}, on create and on update.
 */
@MicronautTest(environments = "test")
@TestDatabase
class JsonFieldTypesTest {

    @Inject
    Api api;

    private static String nestedArrays(int depth) {
        return "[".repeat(depth) + "1" + "]".repeat(depth);
    }

    private static String nestedObjects(int depth) {
        return "{\"a\":".repeat(depth - 1) + "{\"a\":1}" + "}".repeat(depth - 1);
    }

    @Test
    void thirtyTwoLevelsAreAccepted() {
        Api.Reply created = api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"tags\":" + nestedArrays(32)
            + ",\"specs\":" + nestedObjects(32) + "}");
        assertEquals(201, created.status(), created.toString());
    }

    @Test
    void deeperValuesAreRefusedNamingTheField() {
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"tags\":" + nestedArrays(33) + "}"),
            "tags:depth");
        assertViolations(api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"specs\":" + nestedObjects(33) + "}"),
            "specs:depth");
        assertViolations(api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"tags\":" + nestedArrays(900)
            + ",\"specs\":{\"x\":" + nestedArrays(40) + "}}"), "tags:depth", "specs:depth");
        assertEquals(before, api.count(GADGETS), "nothing written");
    }

    @Test
    void deeperValuesAreRefusedOnUpdate() {
        String path = GADGETS + "/"
            + api.create(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"tags\":[1]}");
        assertViolations(api.patch(path, "{\"tags\":" + nestedArrays(33) + "}"), "tags:depth");
        assertEquals(java.util.List.of(1), api.get(path).data().get("tags"));
    }
}
