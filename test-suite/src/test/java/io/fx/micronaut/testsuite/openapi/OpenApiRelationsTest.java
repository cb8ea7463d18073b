package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.support.OpenApiValidation.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relations of the test-suite models in the document: include keys, the related records a
 * response may carry, nested filters, relation key columns, and 409 exactly where a relation or a
 * unique rule can refuse the write.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.openapi.enabled", value = "true")
class OpenApiRelationsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    Api api;
    @Inject
    ModelRegistry registry;

    private JsonNode schemas;
    private JsonNode paths;

    @BeforeEach
    void fetch() throws Exception {
        Api.Reply reply = api.get("/api/openapi.json");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(List.of(), OpenApiValidation.messages(reply.text()));
        JsonNode doc = JSON.readTree(reply.text());
        schemas = doc.path("components").path("schemas");
        paths = doc.path("paths");
    }

    @Test
    void includeKeysAreTheRelationKeysAndOneLevelBelow() {
        List<String> keys = strings(schemas.path("BookIncludeKey").path("enum"));
        assertTrue(keys.containsAll(List.of("writer", "reviews", "genres", "reviews.book", "genres.books")), keys.toString());
        assertTrue(keys.stream().noneMatch(k -> k.chars().filter(c -> c == '.').count() > 1), keys.toString());
        registry.getModels().forEach(model -> {
            JsonNode key = schemas.path(model.getName() + "IncludeKey");
            if (model.getRelations().isEmpty()) {
                assertEquals(0, key.path("maxLength").asInt(-1), model.getName());
            } else {
                for (RelationDescriptor relation : model.getRelations()) {
                    assertTrue(strings(key.path("enum")).contains(relation.name()), model.getName() + " " + relation);
                }
            }
        });
    }

    @Test
    void recordsCarryRelationsOnlyWhenIncluded() {
        JsonNode review = schemas.path("Review");
        assertFalse(strings(review.path("required")).contains("book"), "a relation is optional");
        JsonNode book = review.path("properties").path("book");
        assertEquals("#/components/schemas/Book", book.path("oneOf").path(0).path("$ref").asText());
        assertEquals("null", book.path("oneOf").path(1).path("type").asText());
        assertTrue(book.path("description").asText().startsWith("Present only with include=book"));
        JsonNode reviews = schemas.path("Book").path("properties").path("reviews");
        assertEquals("array", reviews.path("type").asText());
        assertEquals("#/components/schemas/Review", reviews.path("items").path("$ref").asText());
        assertEquals("#/components/schemas/Genre",
            schemas.path("Book").path("properties").path("genres").path("items").path("$ref").asText());
    }

    @Test
    void relationKeyColumnsNameTheRelatedModel() {
        JsonNode create = schemas.path("ReviewCreate").path("properties").path("book_ref");
        assertEquals("Book", create.path("x-fx-references").asText());
        assertTrue(create.path("description").asText().contains("409 CONFLICT"), create.toString());
        assertEquals("Book", schemas.path("ReviewUpdate").path("properties").path("book_ref")
            .path("x-fx-references").asText());
        assertTrue(schemas.path("ReviewCreate").path("properties").path("stars").path("x-fx-references").isMissingNode());
    }

    @Test
    void nestedFiltersNameTheRelatedModelsFilterableFields() {
        JsonNode clause = schemas.path("ReviewFilterClause");
        JsonNode operators = clause.path("x-fx-operators");
        assertTrue(operators.has("book.title"), operators.toString());
        assertTrue(operators.has("book.writer_id"), operators.toString());
        assertFalse(operators.has("book.deleted_at"), "soft-deleted related records never match: " + operators);
        assertTrue(clause.path("pattern").asText().contains("book\\.title:"), clause.path("pattern").asText());
        assertTrue(schemas.path("BookFilterClause").path("x-fx-operators").has("reviews.stars"));
    }

    @Test
    void conflictIsDocumentedWhereTheRuntimeCanAnswerIt() {
        assertTrue(responses("/api/hubs/{id}", "delete").has("409"), "a restricting child refuses the delete");
        assertFalse(responses("/api/hubs", "post").has("409"), "no unique field and no parent");
        assertFalse(responses("/api/hubs/{id}", "patch").has("409"));
        assertTrue(responses("/api/anchors", "post").has("409"), "a key naming no hub");
        assertTrue(responses("/api/anchors/{id}", "patch").has("409"));
        assertFalse(responses("/api/anchors/{id}", "delete").has("409"), "nothing refers to an anchor");
        assertTrue(responses("/api/genres", "post").has("409"), "a duplicate label");
        assertFalse(responses("/api/books/{id}", "delete").has("409"), "its children cascade");
    }

    @Test
    void theDocumentedConflictsHappen() {
        Api.Reply hub = api.post("/api/hubs", Map.of("name", "h"));
        assertEquals(201, hub.status(), hub.toString());
        String id = String.valueOf(hub.data().get("id"));
        Api.Reply orphan = api.post("/api/anchors", Map.of("hub_id", java.util.UUID.randomUUID().toString()));
        assertEquals(409, orphan.status(), orphan.toString());
        assertTrue(responses("/api/anchors", "post").has("409"));
        assertEquals(201, api.post("/api/anchors", Map.of("hub_id", id)).status());
        Api.Reply restricted = api.delete("/api/hubs/" + id);
        assertEquals(409, restricted.status(), restricted.toString());
        assertTrue(restricted.text().contains("\"code\":\"CONFLICT\""), restricted.toString());
        assertTrue(responses("/api/hubs/{id}", "delete").has("409"));
    }

    @Test
    void theDocumentedNestedFilterAndIncludesAreAccepted() {
        Api.Reply list = api.get("/api/reviews?filter=book.title:not_null&include=book,book.reviews");
        assertEquals(200, list.status(), list.toString());
        Api.Reply refused = api.get("/api/reviews?filter=book.deleted_at:is_null");
        assertEquals(400, refused.status(), refused.toString());
    }

    private JsonNode responses(String path, String method) {
        JsonNode operation = paths.path(path).path(method);
        assertFalse(operation.isMissingNode(), method + " " + path);
        return operation.path("responses");
    }
}
