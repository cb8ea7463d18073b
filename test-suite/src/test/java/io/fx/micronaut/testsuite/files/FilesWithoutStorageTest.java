package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Without storage: every file use is 501 {@code NO_STORAGE}; forms of scalar values and JSON writes still work. */
@TestDatabase
class FilesWithoutStorageTest {

    private static FilesServer files;
    private static Api api;

    @BeforeAll
    static void start() {
        files = FilesServer.start("FilesWithoutStorageTest", null);
        api = files.api;
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    private static void noStorage(Api.Reply reply) {
        assertEquals(501, reply.status(), reply.toString());
        assertEquals("NO_STORAGE", reply.code(), reply.toString());
    }

    @Test
    void fileUsesAreNotImplemented() {
        noStorage(files.form("POST", "/api/documents", new Form().text("title", "t")
            .file("attachment", "a.txt", Form.utf8("a"))));
        noStorage(api.post("/api/documents", Map.of("title", "t", "attachment", "anonymous/"
            + java.util.UUID.randomUUID() + "/a.txt")));
        noStorage(files.form("POST", "/api/files", new Form().file("file", "a.txt", Form.utf8("a"))));
        noStorage(api.get("/api/files/anonymous/" + java.util.UUID.randomUUID() + "/a.txt"));
        noStorage(api.delete("/api/files/anonymous/" + java.util.UUID.randomUUID() + "/a.txt"));
    }

    @Test
    void scalarFormsAndJsonWritesWork() {
        Api.Reply form = files.form("POST", "/api/documents", new Form().text("title", "scalars").text("count", "3"));
        assertEquals(201, form.status(), form.toString());
        assertEquals(3, ((Number) form.data().get("count")).intValue());
        assertEquals(201, api.post("/api/documents", Map.of("title", "json")).status());
        Api.Reply empty = api.get("/api/documents/" + form.createdId() + "/attachment");
        assertEquals(404, empty.status(), empty.toString());
        assertEquals("FILE_NOT_SET", empty.code());
    }

    @Test
    void theFilesListenerAppliesToNoModelSoTheirWritesAndCascadesStayCheap() {
        assertEquals(List.of(), files.listenersOf("Document"));
        assertEquals(List.of(), files.listenersOf("Card"));
        String drawer = api.create("/api/drawers", Map.of("name", "d"));
        String card = api.create("/api/cards", Map.of("drawer_id", drawer));
        assertEquals(204, api.delete("/api/drawers/" + drawer).status());
        assertEquals(404, api.get("/api/cards/" + card).status(), "the cascade ran, in bulk");
        assertEquals(404, api.get("/api/drawers/" + drawer).status());
    }
}
