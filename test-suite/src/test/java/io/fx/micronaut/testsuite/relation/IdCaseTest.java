package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One rule for record ids on every database: a UUID is accepted in any case and stored and compared in
 * lower case, in a path and in a relation key alike; anything else names no record.
 */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdCaseTest {

    @Inject
    Api api;
    Seed seed;

    @BeforeAll
    void start() {
        seed = new Seed(api);
    }

    @Test
    void anUpperCaseIdInThePathNamesTheRecord() {
        String writer = seed.writer("Ann");
        String path = "/api/writers/" + upper(writer);

        Api.Reply read = api.get(path);
        assertEquals(200, read.status(), read.toString());
        assertEquals(writer, read.data().get("id"), "answered in lower case");
        Api.Reply updated = api.patch(path, Map.of("bio", "new"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals(writer, updated.data().get("id"));
        assertEquals(204, api.delete(path).status());
        assertEquals(404, api.get("/api/writers/" + writer).status());
    }

    @Test
    void anUpperCaseKeyInARelationFieldIsAcceptedAndStoredInLowerCase() {
        String writer = seed.writer("Bea");
        Api.Reply created = api.post("/api/books", Map.of("title", "Upper", "writer_id", upper(writer)));
        assertEquals(201, created.status(), created.toString());
        assertEquals(writer, created.data().get("writer_id"));
        String book = (String) created.data().get("id");

        String other = seed.writer("Cy");
        Api.Reply moved = api.patch("/api/books/" + book, Map.of("writer_id", upper(other)));
        assertEquals(200, moved.status(), moved.toString());
        assertEquals(other, moved.data().get("writer_id"));

        Api.Reply included = api.get("/api/books/" + book + "?include=writer");
        assertEquals("Cy", Api.at(included.data(), "writer", "name"), included.toString());
        assertEquals(List.of("Upper"), titles("filter", "writer_id:eq:" + other));
        assertEquals(List.of("Upper"), titles("filter", "writer_id:eq:" + upper(other)));
        seed.delete("writers", other);
        assertEquals(404, api.get("/api/books/" + book).status(), "the cascade found the child by its stored key");
    }

    @Test
    void aMalformedIdNamesNoRecord() {
        String writer = seed.writer("Dee");
        for (String malformed : List.of(writer.replace("-", ""), writer.substring(0, 35) + "g", writer + "0", "+" + writer.substring(1))) {
            assertEquals(404, api.get("/api/writers/" + malformed).status(), malformed);
            Api.Reply refused = api.post("/api/books", Map.of("title", "x", "writer_id", malformed));
            assertEquals(409, refused.status(), malformed + ": " + refused);
        }
    }

    private List<Object> titles(String... query) {
        Api.Reply reply = api.get("/api/books" + Api.query(query));
        assertEquals(200, reply.status(), reply.toString());
        return reply.list().stream().map(r -> r.get("title")).toList();
    }

    private static String upper(String id) {
        return id.toUpperCase(Locale.ROOT);
    }
}
