package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = PipelineBeans.SPEC)
@TestDatabase
class MiddlewareTest {

    @Inject
    PipelineBeans.Configurer configurer;
    @Inject
    Api api;

    @Test
    void stepsRunInOrderWithRegistrationOrderWithinAStep() {
        Api.Reply created = api.send("POST", "/api/widgets", "{\"name\":\"w1\"}", Map.of("X-User", "ann"));
        assertEquals(201, created.status(), created.toString());
        assertEquals("auth,auth2,validate-after,service-1,service-2,db-after", created.header("X-Trace"));
        assertEquals("ann", created.header("X-Principal"), "a later Auth middleware sees the principal");
        assertEquals("ann", created.data().get("owner"), "an After-Validate middleware may change the cast body");
        assertEquals("seen", created.header("X-Widget-Audit"), "per-model middleware from @FxModel ran");
    }

    @Test
    void operationFilterIsInclusionOnly() {
        String id = (String) api.post("/api/widgets", Map.of("name", "w2")).data().get("id");
        Api.Reply list = api.get("/api/widgets");
        assertEquals("auth,auth2,service-1,db-after", list.header("X-Trace"), "create/update-only middleware skipped");
        Api.Reply read = api.get("/api/widgets/" + id);
        assertEquals("auth,auth2,service-1,response-replaced,db-after", read.header("X-Trace"),
            "the DB After middleware marks once the rest of the chain has returned");
        assertEquals(Boolean.TRUE, read.body().get("custom"), "REPLACE stands in for the default Response step");
        assertEquals("w2", read.data().get("name"));
    }

    @Test
    void modelFilterKeepsOtherModelsOut() {
        Api.Reply articles = api.get("/api/articles");
        assertEquals(200, articles.status());
        assertNull(articles.header("X-Trace"), "Widget middleware never runs for Article");
        assertEquals("yes", articles.header("X-Article-Only"));
        assertNull(api.get("/api/widgets").header("X-Article-Only"));
    }

    @Test
    void abortStopsTheRequestWithTheGivenEnvelope() {
        int before = api.get("/api/widgets").meta().get("total") instanceof Number n ? n.intValue() : -1;
        Api.Reply denied = api.send("POST", "/api/widgets", "{\"name\":\"x\"}", Map.of("X-Deny", "1"));
        assertEquals(401, denied.status());
        assertEquals(Map.of("code", "UNAUTHORIZED", "message", "denied by test"), denied.error());
        assertEquals("auth", denied.header("X-Trace"), "nothing after the aborting middleware ran");

        Api.Reply forbidden = api.post("/api/widgets", Map.of("name", "forbidden"));
        assertEquals(403, forbidden.status());
        assertEquals("FORBIDDEN", forbidden.code());
        assertEquals(before, ((Number) api.get("/api/widgets").meta().get("total")).intValue(), "nothing written");
    }

    @Test
    void callingNextAfterAbortLetsLaterStepsOverwriteTheResponse() {
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Abort-Then-Next", "1"));
        assertEquals(200, reply.status(), "the Response step overwrote the abort");
        assertNotNull(reply.list());
    }

    @Test
    void routerLevelHttpFiltersRunBeforeAuth() {
        Api.Reply reply = api.get("/api/widgets");
        assertEquals("yes", reply.header("X-Filter-Seen-By-Auth"));
    }

    @Test
    void requestIdIsEchoedOrGenerated() {
        Api.Reply given = api.send("GET", "/api/widgets", null, Map.of("X-Request-Id", "req-123"));
        assertEquals("req-123", given.header("X-Request-Id"));
        String generated = api.get("/api/widgets").header("X-Request-Id");
        assertTrue(generated.matches("[0-9a-f-]{36}"), generated);
        Api.Reply unsafe = api.send("GET", "/api/widgets", null, Map.of("X-Request-Id", "bad id with spaces"));
        assertTrue(unsafe.header("X-Request-Id").matches("[0-9a-f-]{36}"), "unsafe ids are replaced");
        Api.Reply error = api.send("GET", "/api/nothing-here", null, Map.of("X-Request-Id", "req-404"));
        assertEquals(404, error.status());
        assertEquals("req-404", error.header("X-Request-Id"));
        assertEquals("fx-suite", error.header("X-Service-Name"));
    }

    @Test
    void observersSeeEveryGeneratedRequest() {
        configurer.observed.clear();
        api.get("/api/widgets");
        api.post("/api/widgets", Map.of("name", "observed"));
        assertTrue(configurer.observed.contains("Widget LIST 200"), configurer.observed.toString());
        assertTrue(configurer.observed.contains("Widget CREATE 201"), configurer.observed.toString());
    }

    @Test
    void aBodyThatCannotBeSerialisedIsAGeneric500() {
        Api.Reply reply = api.send("GET", "/api/widgets", null, Map.of("X-Unserialisable", "1"));
        assertEquals(500, reply.status(), reply.toString());
        assertEquals(Map.of("code", "PANIC", "message", "Internal Server Error"), reply.error());
        assertTrue(!reply.text().contains("internal-detail") && !reply.text().contains("Opaque"), reply.text());
    }

    @Test
    void thePipelineNeverRunsOnTheEventLoop() {
        String thread = api.get("/api/widgets").header("X-Thread");
        assertTrue(thread != null && !thread.toLowerCase().contains("eventloop"), thread);
    }
}
