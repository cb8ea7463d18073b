package io.fx.micronaut.test;

import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.test.app.Book;
import io.fx.micronaut.test.app.Rack;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fixtures fills in what a create needs from the descriptor, creates a required parent, and lets validation apply. */
@MicronautTest(transactional = false)
@TestDatabase
class FixturesTest {

    @Inject
    Fixtures fixtures;
    @Inject
    FxClient client;

    @Test
    void aRecordOfNothingButDefaultsIsValidAndGetsItsParent() {
        Map<String, Object> book = fixtures.of(Book.class).create();
        String id = (String) book.get("id");
        Map<String, Object> read = client.get("/api/books/" + id).expectOk().data();
        assertEquals("novel", read.get("genre"), "the first enum value");
        assertEquals(3, ((Number) read.get("pages")).intValue(), "an integer at its min");
        assertEquals(0.5, ((Number) read.get("weight")).doubleValue(), "a decimal at its min");
        assertEquals(1, ((Number) read.get("edition")).intValue(), "a primitive whose zero breaks its min");
        assertEquals(Boolean.FALSE, read.get("autographed"));
        assertNotNull(read.get("printed_at"));
        assertEquals(2, ((List<?>) read.get("keywords")).size(), "a JSON array of its minimum size");
        assertEquals("new", read.get("state"), "a default is kept");
        assertEquals(null, read.get("note"), "an optional field stays unset");
        String title = (String) read.get("title");
        assertTrue(title.length() >= 24 && title.length() <= 40, title);
        assertTrue(((String) read.get("contact")).endsWith("@example.com"), read.toString());
        String rackId = (String) read.get("rack_id");
        Map<String, Object> rack = client.get("/api/racks/" + rackId).expectOk().data();
        assertEquals(10, ((Number) rack.get("capacity")).intValue(), "the parent keeps its default");
    }

    @Test
    void createManyMakesDistinctRecordsWithUniqueStrings() {
        Map<String, Object> rack = fixtures.of(Rack.class).with("name", "many-rack").create();
        List<Map<String, Object>> books = fixtures.of(Book.class).with("rackId", rack.get("id")).createMany(5);
        Set<Object> titles = new HashSet<>();
        books.forEach(book -> titles.add(book.get("title")));
        assertEquals(5, titles.size(), titles.toString());
        assertEquals(5L, ((Number) client.get("/api/books?filter=rack_id:eq:" + rack.get("id")).expectOk().meta()
            .get("total")).longValue());
    }

    @Test
    void valuesTheTestSetsAreKeptByJsonNameOrProperty() {
        Map<String, Object> book = fixtures.of(Book.class).with("genre", "poetry").with("printed_at", "2020-01-02T03:04:05Z")
            .with(Map.of("note", "signed by the author")).create();
        assertEquals("poetry", book.get("genre"));
        assertEquals("signed by the author", book.get("note"));
        Map<String, Object> read = client.get("/api/books/" + book.get("id")).expectOk().data();
        assertEquals("2020-01-02T03:04:05Z", read.get("printed_at"));
    }

    @Test
    void aValueThatBreaksARuleFailsWithTheValidationError() {
        FxException failure = assertThrows(FxException.class,
            () -> fixtures.of(Book.class).with("pages", 1).create());
        assertEquals(422, failure.getStatus(), failure.toString());
        assertEquals("VALIDATION_ERROR", failure.getCode());
    }

    @Test
    void anUnknownFieldOrModelIsRefusedAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> fixtures.of(Book.class).with("nope", 1));
        assertThrows(IllegalArgumentException.class, () -> fixtures.of(String.class));
        assertThrows(IllegalArgumentException.class, () -> fixtures.of("Nope"));
    }

    @Test
    void theBodyShowsWhatTheNextCreateSends() {
        Map<String, Object> body = fixtures.of("Book").with("title", "a title of twenty-four chars").body();
        assertEquals("a title of twenty-four chars", body.get("title"));
        assertEquals("novel", body.get("genre"));
        assertFalse(body.containsKey("rack_id"), "the parent is created by create()");
        assertFalse(body.containsKey("state"), "defaults are the server's");
    }
}
