package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shapes of {@code include}: BelongsTo as object or null, HasMany and ManyToMany as arrays. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IncludeTest {

    @Inject
    Api api;
    @Inject
    Seed seed;
    String ann;
    String dune;
    String orphan;
    String goodReview;
    String fantasy;
    String scifi;

    @BeforeAll
    void seed() {
        ann = seed.writer("Ann");
        dune = seed.book("Dune", ann);
        orphan = seed.book("Orphan", null);
        goodReview = seed.review(dune, 5);
        String deletedReview = seed.review(dune, 1);
        seed.delete("reviews", deletedReview);
        scifi = seed.genre("scifi");
        fantasy = seed.genre("fantasy");
        String horror = seed.genre("horror");
        seed.link(dune, scifi);
        seed.link(dune, fantasy);
        seed.link(orphan, horror);
        String gone = seed.book("Gone", ann);
        seed.link(gone, scifi);
        seed.delete("books", gone);
    }

    private Map<String, Object> book(List<Map<String, Object>> rows, String id) {
        return rows.stream().filter(r -> id.equals(r.get("id"))).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> many(Map<String, Object> record, String key) {
        return (List<Map<String, Object>>) record.get(key);
    }

    @Test
    @SuppressWarnings("unchecked")
    void belongsToIsAnObjectOrNullWithoutHiddenAndWriteonlyFields() {
        Api.Reply reply = api.get("/api/books?include=writer");
        assertEquals(200, reply.status(), reply.toString());
        Map<String, Object> writer = (Map<String, Object>) book(reply.list(), dune).get("writer");
        assertEquals(ann, writer.get("id"));
        assertEquals("Ann", writer.get("name"));
        assertEquals("Ann bio", writer.get("bio"));
        assertFalse(writer.containsKey("salary"), writer.toString());
        assertFalse(writer.containsKey("password"), writer.toString());
        Map<String, Object> orphanBook = book(reply.list(), orphan);
        assertTrue(orphanBook.containsKey("writer"));
        assertNull(orphanBook.get("writer"));
    }

    @Test
    void hasManyIsAnArrayOfLiveRecordsWithoutHiddenAndWriteonlyFields() {
        Api.Reply reply = api.get("/api/books?include=reviews");
        List<Map<String, Object>> reviews = many(book(reply.list(), dune), "reviews");
        assertEquals(1, reviews.size(), reviews.toString());
        assertEquals(goodReview, reviews.get(0).get("id"));
        assertEquals(5, ((Number) reviews.get(0).get("stars")).intValue());
        assertFalse(reviews.get(0).containsKey("moderator_note"));
        assertFalse(reviews.get(0).containsKey("token"));
        assertEquals(List.of(), many(book(reply.list(), orphan), "reviews"));
    }

    @Test
    void manyToManyIsAnArrayInCreationOrder() {
        Api.Reply reply = api.get("/api/books?include=genres&sort=title");
        List<Map<String, Object>> genres = many(book(reply.list(), dune), "genres");
        assertEquals(List.of("scifi", "fantasy"), genres.stream().map(g -> g.get("label")).toList());
        assertEquals(List.of("horror"), many(book(reply.list(), orphan), "genres").stream().map(g -> g.get("label")).toList());
    }

    @Test
    void softDeletedRecordsAreNeverIncluded() {
        Api.Reply reply = api.get("/api/genres/" + scifi + "?include=books");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(List.of(dune), many(reply.data(), "books").stream().map(b -> b.get("id")).toList());
        Api.Reply writer = api.get("/api/writers/" + ann + "?include=books");
        assertEquals(List.of(dune), many(writer.data(), "books").stream().map(b -> b.get("id")).toList());
    }

    @Test
    void keysAreOnlyAddedWhenRequested() {
        Map<String, Object> plain = api.get("/api/books/" + dune).data();
        assertFalse(plain.containsKey("writer"));
        assertFalse(plain.containsKey("reviews"));
        assertFalse(plain.containsKey("genres"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void readIncludesSeveralRelationsAndOneNestedLevel() {
        Api.Reply reply = api.get("/api/books/" + dune + "?include=writer,reviews,genres,reviews.book");
        assertEquals(200, reply.status(), reply.toString());
        Map<String, Object> data = reply.data();
        assertEquals("Ann", ((Map<String, Object>) data.get("writer")).get("name"));
        assertEquals(2, many(data, "genres").size());
        Map<String, Object> review = many(data, "reviews").get(0);
        Map<String, Object> nested = (Map<String, Object>) review.get("book");
        assertEquals(dune, nested.get("id"));
        assertEquals("Dune", nested.get("title"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void nestedIncludeOnAList() {
        Api.Reply reply = api.get("/api/writers?include=books.genres");
        assertEquals(200, reply.status(), reply.toString());
        Map<String, Object> writer = reply.list().stream().filter(w -> ann.equals(w.get("id"))).findFirst().orElseThrow();
        List<Map<String, Object>> books = many(writer, "books");
        assertEquals(2, many(books.get(0), "genres").size());
    }

    @Test
    void unknownIncludeKeysAreInvalidQueries() {
        assertInvalid("/api/books?include=publisher", "include: unknown relation 'publisher' on Book");
        assertInvalid("/api/books?include=reviews.author", "include: unknown relation 'author' on Review in 'reviews.author'");
        assertInvalid("/api/books?include=reviews.book.writer", "include: 'reviews.book.writer' nests deeper than one level");
        assertInvalid("/api/books/" + dune + "?include=title", "include: unknown relation 'title' on Book");
    }

    private void assertInvalid(String path, String message) {
        Api.Reply reply = api.get(path);
        assertEquals(400, reply.status(), reply.toString());
        assertEquals(Map.of("code", "INVALID_QUERY", "message", message), reply.error());
    }
}
