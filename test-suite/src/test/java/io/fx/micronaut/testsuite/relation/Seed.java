package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.annotation.Prototype;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Creates records through the API and returns their ids. */
@Prototype
record Seed(Api api) {

    String create(String collection, Map<String, Object> body) {
        return api.create("/api/" + collection, body);
    }

    String writer(String name) {
        return create("writers", Map.of("name", name, "bio", name + " bio", "salary", "9000", "password", "pw"));
    }

    String book(String title, String writerId) {
        return writerId == null ? create("books", Map.of("title", title))
            : create("books", Map.of("title", title, "writer_id", writerId));
    }

    String review(String bookId, int stars) {
        return create("reviews", Map.of("book_ref", bookId, "stars", stars, "text", "t" + stars,
            "moderator_note", "secret note", "token", "tok"));
    }

    String genre(String label) {
        return create("genres", Map.of("label", label));
    }

    String link(String bookId, String genreId) {
        return create("book_genres", Map.of("book_id", bookId, "genre_id", genreId));
    }

    void delete(String collection, String id) {
        Api.Reply reply = api.delete("/api/" + collection + "/" + id);
        assertEquals(204, reply.status(), reply.toString());
    }
}
