package io.fx.micronaut.testsuite.seams;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The core seams the files module is built on, used by beans of the test's own: an action running an operation of
 * its own (middleware named for it, declared through an {@code OperationCatalog}, cover it and nothing else), a body
 * limit per media type, a sub-resource served under several names per model, and a body a middleware sets before
 * the Deserialize step's default, which keeps it.
 */
@TestDatabase
class ModuleSeamsTest {

    private static EmbeddedServer server;
    private static Api api;

    @BeforeAll
    static void start() {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config(ModuleSeamBeans.SPEC,
            SpecModels.PROPERTY, SpecModels.of(ModuleSeamBeans.Gizmo.class)));
        api = new Api(server);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    @Test
    void anActionRunsItsOwnOperationAndItsMiddleware() {
        Api.Reply reply = api.post("/api/exports", Map.of("a", 1));
        assertEquals(200, reply.status(), reply.toString());
        assertEquals("EXPORT", reply.body().get("operation"));
        assertEquals("EXPORT", reply.header("X-Export-Auth"));
        assertNull(api.get("/api/gizmos").header("X-Export-Auth"), "the middleware covers EXPORT alone");
    }

    @Test
    void aBodyLimitCanDependOnTheMediaType() {
        Api.Reply small = api.sendBytes("POST", "/api/exports", "a,b,c,d\n".getBytes(), Map.of("Content-Type",
            "text/csv"));
        assertEquals(200, small.status(), small.toString());
        assertEquals(8, ((Number) small.body().get("bytes")).intValue(), "exactly the limit passes");
        Api.Reply large = api.sendBytes("POST", "/api/exports", "a,b,c,d,e\n".getBytes(), Map.of("Content-Type",
            "text/csv"));
        assertEquals(413, large.status(), large.toString());
        assertEquals("BODY_TOO_LARGE", large.code());
        assertEquals(200, api.post("/api/exports", Map.of("padding", "x".repeat(100))).status(),
            "JSON keeps the default limit");
    }

    @Test
    void aSubResourceAnswersUnderEachOfItsNames() {
        String id = api.create("/api/gizmos", Map.of("title", "g"));
        assertEquals(Map.of("facet", "alpha"), api.get("/api/gizmos/" + id + "/alpha").data());
        assertEquals(Map.of("facet", "beta"), api.get("/api/gizmos/" + id + "/beta").data());
        assertEquals(404, api.get("/api/gizmos/" + id + "/facet").status());
    }

    @Test
    void aBodySetBeforeTheDeserializeStepIsKept() {
        Api.Reply created = api.sendBytes("POST", "/api/gizmos", "From text".getBytes(), Map.of("Content-Type",
            "text/csv"));
        assertEquals(201, created.status(), created.toString());
        assertEquals("From text", created.data().get("title"));
    }
}
