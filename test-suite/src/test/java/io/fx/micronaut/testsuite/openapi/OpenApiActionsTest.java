package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import com.fasterxml.jackson.databind.JsonNode;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.action.ActionParameter;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.PublicAccess;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.support.OpenApiValidation.fetchValid;
import static io.fx.micronaut.testsuite.support.OpenApiValidation.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Custom actions in the document, from their OpenAPI blocks: path parameters, documented parameters
 * ({@code in} defaulting to query), request and response schemas, security by declared access (of
 * actions, and of generated operations through {@code PublicAccess}), the
 * HEAD a GET action also answers, and the answers the shortened pipeline gives.
 */
@MicronautTest(environments = {"test", "openapi-schemes"})
@Property(name = "spec.name", value = OpenApiActionsTest.SPEC)
@TestDatabase
@Property(name = "fx.openapi.enabled", value = "true")
class OpenApiActionsTest {

    static final String SPEC = "OpenApiActionsTest";

    @Inject
    Api api;

    private JsonNode doc;

    @BeforeEach
    void fetch() {
        doc = fetchValid(api, "/api/openapi.json");
    }

    @Test
    void aPublicGetActionWithParametersAndAResponseSchema() {
        JsonNode get = doc.path("paths").path("/api/stats/{kind}").path("get");
        assertEquals("Counts of one kind", get.path("summary").asText());
        assertEquals("Counts things, for the test", get.path("description").asText());
        assertEquals(List.of("Actions"), strings(get.path("tags")));
        assertTrue(get.has("security") && get.path("security").isEmpty(), "a public action requires nothing: " + get);
        JsonNode kind = parameter(get, "kind");
        assertEquals("path", kind.path("in").asText());
        assertTrue(kind.path("required").asBoolean());
        JsonNode limit = parameter(get, "limit");
        assertEquals("query", limit.path("in").asText(), "in defaults to query");
        assertEquals("integer", limit.path("schema").path("type").asText());
        assertEquals("The most to count", limit.path("description").asText());
        JsonNode trace = parameter(get, "X-Trace");
        assertEquals("header", trace.path("in").asText());
        assertTrue(trace.path("required").asBoolean());
        assertEquals("cookie", parameter(get, "session").path("in").asText());
        JsonNode ok = get.path("responses").path("200").path("content").path("application/json").path("schema");
        assertEquals("object", ok.path("type").asText());
        assertEquals("integer", ok.path("properties").path("count").path("type").asText());
        assertEquals(List.of("count"), strings(ok.path("required")));
        assertTrue(get.path("responses").has("204"));
        assertEquals("#/components/responses/FxServerError", get.path("responses").path("500").path("$ref").asText());
        assertEquals("#/components/responses/FxMiddlewareError",
            get.path("responses").path("default").path("$ref").asText());
        JsonNode head = doc.path("paths").path("/api/stats/{kind}").path("head");
        assertFalse(head.isMissingNode(), "a GET action also answers HEAD");
        assertTrue(head.path("responses").path("200").path("content").isMissingNode());
    }

    @Test
    void aProtectedPostActionInheritsTheDocumentSecurity() {
        JsonNode post = doc.path("paths").path("/api/jobs/{job}/run").path("post");
        assertFalse(post.has("security"), "the document's security applies: " + post);
        assertEquals(List.of("bearer"), List.copyOf(iterable(doc.path("security").path(0).fieldNames())));
        assertEquals("POST /jobs/{job}/run", post.path("summary").asText(), "undocumented: the route as summary");
        JsonNode body = post.path("requestBody").path("content").path("application/json").path("schema");
        assertEquals("string", body.path("properties").path("reason").path("type").asText());
        assertTrue(post.path("responses").path("200").path("content").isMissingNode(), "no response schema");
        assertTrue(doc.path("paths").path("/api/jobs/{job}/run").path("head").isMissingNode());
        JsonNode keyed = doc.path("paths").path("/api/keyed").path("post");
        assertEquals(List.of("key"), List.copyOf(iterable(keyed.path("security").path(0).fieldNames())),
            "a declared requirement wins");
    }

    @Test
    void generatedOperationsDeclaredPublicRequireNothing() {
        JsonNode collection = doc.path("paths").path("/api/hubs");
        JsonNode record = doc.path("paths").path("/api/hubs/{id}");
        for (JsonNode open : List.of(collection.path("get"), collection.path("head"), record.path("get"),
            record.path("head"))) {
            assertTrue(open.has("security") && open.path("security").isEmpty(), open.path("operationId").asText());
        }
        for (JsonNode guarded : List.of(collection.path("post"), collection.path("options"), record.path("patch"),
            record.path("delete"), doc.path("paths").path("/api/anchors").path("get"))) {
            assertFalse(guarded.has("security"), guarded.path("operationId").asText() + " inherits the document's");
        }
    }

    @Test
    void theLiveAnswersAreTheDocumentedOnes() {
        Api.Reply counted = api.get("/api/stats/posts?limit=3");
        assertEquals(200, counted.status(), counted.toString());
        assertEquals("{\"count\":3}", counted.text());
        Api.Reply refused = api.get("/api/stats/nothing");
        assertEquals(404, refused.status(), "an abort answers through default");
        assertTrue(refused.text().startsWith("{\"error\":{\"code\":\"NOT_FOUND\""), refused.toString());
        assertEquals(204, api.post("/api/jobs/7/run", Map.of("reason", "test")).status());
    }

    private static JsonNode parameter(JsonNode operation, String name) {
        for (JsonNode parameter : operation.path("parameters")) {
            if (name.equals(parameter.path("name").asText())) {
                return parameter;
            }
        }
        throw new AssertionError("no parameter " + name + " in " + operation);
    }

    private static <T> List<T> iterable(java.util.Iterator<T> iterator) {
        List<T> values = new ArrayList<>();
        iterator.forEachRemaining(values::add);
        return values;
    }

    /** The documented actions. */
    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Actions {

        @Singleton
        Action stats() {
            return Action.get("/stats/{kind}", context -> {
                    String kind = context.view().getPathParameter("kind").orElseThrow();
                    if (kind.equals("nothing")) {
                        context.abort(404, "NOT_FOUND", "nothing to count");
                        return null;
                    }
                    return Map.of("count", 3);
                })
                .access(ActionAccess.PUBLIC)
                .openApi(ActionOpenApi.NONE.summary("Counts of one kind").description("Counts things, for the test")
                    .queryParameters(ActionParameter.query("limit", "The most to count", Map.of("type", "integer")),
                        new ActionParameter("X-Trace", "header", null, true, Map.of("type", "string")),
                        new ActionParameter("session", "cookie", null, false, Map.of()))
                    .responseSchema(Map.of("type", "object", "required", List.of("count"),
                        "properties", Map.of("count", Map.of("type", "integer")))));
        }

        @Singleton
        Action run() {
            return Action.post("/jobs/{job}/run", context -> null)
                .access(ActionAccess.PROTECTED)
                .openApi(ActionOpenApi.NONE.requestSchema(Map.of("type", "object",
                    "properties", Map.of("reason", Map.of("type", "string")))));
        }

        @Singleton
        PublicAccess publicHubReads() {
            return PublicAccess.models("Hub").operations(Operation.LIST, Operation.READ);
        }

        @Singleton
        Action keyed() {
            return Action.post("/keyed", context -> null)
                .access(ActionAccess.PROTECTED)
                .openApi(ActionOpenApi.NONE.security(List.of(Map.of("key", List.of()))));
        }
    }
}
