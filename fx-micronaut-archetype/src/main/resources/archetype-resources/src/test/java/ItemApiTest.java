package ${package};

import io.fx.micronaut.test.Fixtures;
import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The items through the real server, on an in-memory database of the test's own ({@code @TestDatabase}). */
@MicronautTest(transactional = false)
@TestDatabase
class ItemApiTest {

    @Inject
    FxClient client;
    @Inject
    Fixtures fixtures;

    @Test
    void itemsAreCreatedReadListedAndFiltered() {
        String id = client.post("/api/items", Map.of("name", "widget", "quantity", 3)).expectCreated().id();
        assertEquals(3, ((Number) client.get("/api/items/" + id).expectOk().data().get("quantity")).intValue());
        long before = ((Number) client.get("/api/items").expectOk().meta().get("total")).longValue();
        fixtures.of(Item.class).createMany(2);                        // unique names, quantity 0
        assertEquals(before + 2, ((Number) client.get("/api/items").expectOk().meta().get("total")).longValue());
        assertEquals(1, client.get("/api/items?filter=name:eq:widget").expectOk().list().size());
        assertEquals(0, ((Number) client.get("/api/items?filter=quantity:eq:0&sort=name").expectOk().list().get(0)
            .get("quantity")).intValue());
    }

    @Test
    void invalidItemsAreRefused() {
        client.post("/api/items", Map.of("quantity", 1)).expectError(422, "VALIDATION_ERROR");
        client.post("/api/items", Map.of("name", "negative", "quantity", -1)).expectError(422, "VALIDATION_ERROR");
        client.post("/api/items", Map.of("name", "twice")).expectCreated();
        client.post("/api/items", Map.of("name", "twice")).expectError(409, "CONFLICT");
    }
}
