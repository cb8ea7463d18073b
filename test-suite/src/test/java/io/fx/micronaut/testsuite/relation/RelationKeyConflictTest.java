package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A key that names no live parent is 409 {@code CONFLICT} naming the field, on create and update,
 * whoever enforces the relation; a junction links a pair at most once.
 */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RelationKeyConflictTest {

    private static final String MISSING = "00000000-0000-4000-8000-000000000000";

    @Inject
    Api api;
    @Inject
    Seed seed;

    @Test
    void createWithAMissingParentNamesTheField() {
        assertConflict(api.post("/api/books", Map.of("title", "x", "writer_id", MISSING)), "books", "writer_id",
            "writer_id: no Writer with id '" + MISSING + "'");
        assertConflict(api.post("/api/reviews", Map.of("stars", 3, "book_ref", MISSING)), "reviews", "book_ref",
            "book_ref: no Book with id '" + MISSING + "'");
        assertConflict(api.post("/api/spokes", Map.of("hub_id", "not-even-a-uuid")), "spokes", "hub_id",
            "hub_id: no Hub with id 'not-even-a-uuid'");
        assertEquals(0, api.count("/api/spokes"));
    }

    @Test
    void aSoftDeletedParentCountsAsMissing() {
        String book = seed.book("deleted", null);
        seed.delete("books", book);
        assertConflict(api.post("/api/reviews", Map.of("stars", 3, "book_ref", book)), "reviews", "book_ref",
            "book_ref: no Book with id '" + book + "'");
    }

    @Test
    void updateWithAMissingParentNamesTheFieldAndChangesNothing() {
        String writer = seed.writer("W");
        String book = seed.book("kept", writer);
        assertConflict(api.patch("/api/books/" + book, Map.of("writer_id", MISSING)), "books", "writer_id",
            "writer_id: no Writer with id '" + MISSING + "'");
        assertEquals(writer, api.get("/api/books/" + book).data().get("writer_id"));
        Api.Reply cleared = api.patch("/api/books/" + book, java.util.Collections.singletonMap("writer_id", null));
        assertEquals(200, cleared.status(), cleared.toString());
    }

    @Test
    void aJunctionPairIsUniqueAndLinksAreOrdinaryRecords() {
        String book = seed.book("linked", null);
        String genre = seed.genre("unique-pair");
        String link = seed.link(book, genre);
        Api.Reply duplicate = api.post("/api/book_genres", Map.of("book_id", book, "genre_id", genre));
        assertEquals(409, duplicate.status(), duplicate.toString());
        assertEquals("CONFLICT", duplicate.code());
        assertEquals("book_id,genre_id", details(duplicate).get("column"));
        seed.delete("book_genres", link);
        assertEquals(0, ((java.util.List<?>) api.get("/api/books/" + book + "?include=genres").data().get("genres")).size());
        seed.link(book, genre);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> details(Api.Reply reply) {
        return (Map<String, Object>) reply.error().get("details");
    }

    private static void assertConflict(Api.Reply reply, String table, String column, String message) {
        assertEquals(409, reply.status(), reply.toString());
        assertEquals("CONFLICT", reply.code());
        assertEquals(message, reply.error().get("message"));
        assertEquals(table, details(reply).get("table"));
        assertEquals(column, details(reply).get("column"));
    }
}
