package io.fx.micronaut.test;

import io.fx.micronaut.test.app.Book;
import io.fx.micronaut.test.app.Rack;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** FxClient over the embedded server: the envelope decoded, the assertions failing with the whole body. */
@MicronautTest(transactional = false)
@TestDatabase
class FxClientTest {

    @Inject
    FxClient client;
    @Inject
    TestTokens tokens;
    @Inject
    Fixtures fixtures;
    @Inject
    EmbeddedServer server;

    @Test
    void aCreateReadListUpdateAndDeleteThroughTheEnvelope() {
        FxClient editor = client.withToken(tokens.subject("alice").roles("editor").scopes("books:write").token());
        FxReply rack = editor.post("/api/racks", Map.of("name", "rack-crud")).expectCreated();
        assertEquals("/api/racks/" + rack.id(), rack.header("location"));
        Map<String, Object> body = fixtures.of(Book.class).with("rack_id", rack.id()).body();
        String id = editor.post("/api/books", body).expectCreated().id();
        assertEquals(body.get("title"), client.get("/api/books/" + id).expectOk().data().get("title"));
        FxReply list = client.get("/api/books?filter=rack_id:eq:" + rack.id());
        assertEquals(1, list.expectOk().list().size());
        assertEquals(1, ((Number) list.meta().get("total")).intValue());
        assertNotNull(list.header("X-Request-Id"));
        assertEquals("fixed", editor.patch("/api/books/" + id, Map.of("note", "fixed")).expectOk().data().get("note"));
        assertEquals(200, client.head("/api/books/" + id).status());
        editor.delete("/api/books/" + id).expectStatus(204);
        client.get("/api/books/" + id).expectError(404, "NOT_FOUND");
    }

    @Test
    void expectErrorFailsWithTheWholeBody() {
        FxReply created = client.withToken(tokens.subject("a").token()).post("/api/racks", Map.of("name", "rack-error"))
            .expectCreated();
        AssertionFailedError wrongStatus = assertThrows(AssertionFailedError.class,
            () -> created.expectError(422, "VALIDATION_ERROR"));
        assertTrue(wrongStatus.getMessage().startsWith("POST /api/racks: expected 422 VALIDATION_ERROR but was 201 {"),
            wrongStatus.getMessage());
        assertTrue(wrongStatus.getMessage().contains("\"rack-error\""), wrongStatus.getMessage());

        FxReply invalid = client.withToken(tokens.subject("a").token()).post("/api/racks", Map.of("capacity", 0));
        invalid.expectError(422, "VALIDATION_ERROR");
        AssertionFailedError wrongCode = assertThrows(AssertionFailedError.class, () -> invalid.expectError(422, "CONFLICT"));
        assertTrue(wrongCode.getMessage().contains("\"details\""), wrongCode.getMessage());
        AssertionFailedError notCreated = assertThrows(AssertionFailedError.class, invalid::expectCreated);
        assertTrue(notCreated.getMessage().contains("VALIDATION_ERROR"), notCreated.getMessage());
    }

    @Test
    void withoutATokenAWriteIs401AndTheViewsDoNotLeakIntoTheClient() {
        client.post("/api/racks", Map.of("name", "rack-anonymous")).expectError(401, "UNAUTHORIZED");
        FxClient signed = client.withToken(tokens.subject("a").token());
        signed.post("/api/racks", Map.of("name", "rack-signed")).expectCreated();
        client.post("/api/racks", Map.of("name", "rack-anonymous")).expectError(401, "UNAUTHORIZED");
        client.withHeader("Authorization", "Bearer nope").withToken(tokens.subject("a").token())
            .post("/api/racks", Map.of("name", "rack-replaced")).expectCreated();
    }

    @Test
    void bodiesAsTextAndBytesAndAClientOfAUrl() {
        FxClient signed = FxClient.at(server.getURL().toString()).withToken(tokens.subject("a").token());
        signed.post("/api/racks", "{\"name\":\"rack-text\"}").expectCreated();
        signed.post("/api/racks", "{\"name\":\"rack-bytes\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8))
            .expectCreated();
        signed.post("/api/racks", "{\"name\":").expectError(400, "INVALID_JSON");
        FxReply reply = signed.get("/api/racks?filter=name:in:rack-text,rack-bytes");
        List<Map<String, Object>> racks = reply.expectOk().list();
        assertEquals(java.util.Set.of("rack-bytes", "rack-text"), racks.stream().map(r -> r.get("name")).collect(java.util.stream.Collectors.toSet()));
        assertNull(reply.error());
        assertNull(reply.errorCode());
    }

    @Test
    void aReplyWithoutIdFailsNamingIt() {
        FxReply list = client.get("/api/racks");
        AssertionFailedError failure = assertThrows(AssertionFailedError.class, list::id);
        assertTrue(failure.getMessage().startsWith("GET /api/racks answered no data.id: 200 {"), failure.getMessage());
        assertEquals(Rack.class.getSimpleName(), "Rack");
    }
}
