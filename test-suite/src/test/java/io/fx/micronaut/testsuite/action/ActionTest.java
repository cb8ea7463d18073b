package io.fx.micronaut.testsuite.action;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = ActionBeans.SPEC)
@TestDatabase
@Property(name = "fx.trace.enabled", value = "true")
class ActionTest {

    @Inject
    Api api;
    @Inject
    ActionCatalog catalog;
    @Inject
    Models models;

    @Test
    void pathParametersReachTheHandlerThroughTheShortenedPipeline() {
        Api.Reply reply = api.send("GET", "/api/reports/sales/2026", null, Map.of("X-User", "ann"));
        assertEquals(200, reply.status(), reply.toString());
        Map<String, Object> body = reply.body();
        assertEquals("sales", body.get("kind"));
        assertEquals("2026", body.get("year"));
        assertEquals("ann", body.get("user"), "the Auth step ran before the handler");
        assertEquals("ACTION", body.get("operation"));
        assertFalse(((String) body.get("thread")).contains("eventLoop"), "ran on " + body.get("thread"));
        assertEquals("yes", reply.header("X-Auth-Ran"));
        assertEquals("yes", reply.header("X-Action-Middleware"));
        assertEquals("yes", reply.header("X-Response-After"));
        assertNull(reply.header("X-Ran-Validate"), "Validate never runs for actions");
        assertNull(reply.header("X-Ran-Service"), "Service never runs for actions");
        assertNull(reply.header("X-Ran-Db"), "DB never runs for actions");
        assertEquals("fx-suite", reply.header("X-Service-Name"));
        assertTrue(reply.header("X-Request-Id") != null);
    }

    @Test
    void generatedRoutesStillRunEveryStep() {
        Api.Reply reply = api.get("/api/widgets");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals("yes", reply.header("X-Ran-Validate"));
        assertEquals("yes", reply.header("X-Ran-Service"));
        assertEquals("yes", reply.header("X-Ran-Db"));
        assertEquals(404, api.get("/api/no-such-collection").status());
    }

    @Test
    void anAuthAbortStopsTheActionBeforeItsMiddleware() {
        Api.Reply reply = api.send("GET", "/api/reports/sales/2026", null, Map.of("X-Deny", "1"));
        assertAbortedBefore("X-Action-Middleware", reply, 401, "UNAUTHORIZED");
    }

    @Test
    void theActionsOwnMiddlewareMayAbortBeforeTheHandler() {
        assertAbortedBefore("X-Handler-Ran", api.get("/api/gated"), 403, "FORBIDDEN");
    }

    /** Asserts an abort with this status and code that came before what would have set {@code header}. */
    private static void assertAbortedBefore(String header, Api.Reply reply, int status, String code) {
        assertEquals(status, reply.status());
        assertEquals(code, reply.code());
        assertNull(reply.header(header));
    }

    @Test
    void aHandlerReturningNothingAnswers204() {
        Api.Reply reply = api.get("/api/empty");
        assertEquals(204, reply.status());
        assertEquals("", reply.text());
    }

    @Test
    void aHandlerManagesItsOwnTransactionWithTheAccessors() {
        String id = (String) models.of("Widget").create(Map.of("name", "before")).get("id");
        Api.Reply renamed = api.post("/api/widgets/" + id + "/rename", Map.of("name", "after"));
        assertEquals(200, renamed.status(), renamed.toString());
        assertEquals("after", renamed.data().get("name"));
        assertEquals(models.of("Widget").read(id).orElseThrow().get("updated_at").toString(), renamed.data().get("updated_at"),
            "timestamps in a handler's result travel as RFC 3339 strings: " + renamed.text());
        Api.Reply failed = api.post("/api/widgets/" + id + "/rename", Map.of("name", "fail"));
        assertEquals(422, failed.status(), failed.toString());
        assertEquals("after", models.of("Widget").read(id).orElseThrow().get("name"), "the failed rename was rolled back");
        Api.Reply missing = api.post("/api/widgets/00000000-0000-0000-0000-000000000000/rename", Map.of("name", "x"));
        assertEquals(404, missing.status());
        assertEquals("INVALID_JSON", api.post("/api/widgets/" + id + "/rename", "nope").code());
    }

    @Test
    void aNestedTransactionInAnActionIsTxBeginError() {
        Api.Reply reply = api.post("/api/nested", Map.of());
        assertEquals(500, reply.status());
        assertEquals(Map.of("code", "TX_BEGIN_ERROR", "message", "Internal Server Error"), reply.error());
    }

    @Test
    void aProgrammaticActionOnALiteralPathWinsOverTheCollectionRoute() {
        Api.Reply reply = api.get("/api/stats");
        assertEquals(200, reply.status(), reply.toString());
        assertTrue(reply.body().get("widgets") instanceof Number, reply.toString());
    }

    @Test
    void theCatalogExposesEveryActionWithItsOpenApiBlock() {
        List<String> described = catalog.getActions().stream().map(Action::describe).toList();
        assertTrue(described.containsAll(List.of("GET /reports/{kind}/{year}", "GET /empty", "GET /gated",
            "POST /widgets/{id}/rename", "POST /nested", "GET /stats")), described.toString());
        Action report = catalog.getActions().stream().filter(a -> a.path().startsWith("/reports")).findFirst().orElseThrow();
        assertEquals(ActionAccess.PUBLIC, report.access());
        assertEquals("A report", report.openApi().summary());
        assertEquals("query", report.openApi().queryParameters().get(0).in(), "in defaults to query");
        assertEquals("header", report.openApi().queryParameters().get(1).in());
    }

    @Test
    void theTraceNamesEachStageOfTheShortenedPipeline() {
        String trace;
        try (LogCapture log = new LogCapture("io.fx.micronaut.trace")) {
            assertEquals(200, api.get("/api/reports/daily/2025").status());
            trace = log.text();
        }
        assertTrue(trace.contains("/api/reports/daily/2025 ACTION AUTH: HeaderAuth"), trace);
        assertTrue(trace.contains("/api/reports/daily/2025 ACTION ACTION: GET /reports/{kind}/{year} middleware"), trace);
        assertTrue(trace.contains("/api/reports/daily/2025 ACTION HANDLER: GET /reports/{kind}/{year}"), trace);
        assertTrue(trace.contains("/api/reports/daily/2025 ACTION RESPONSE: default"), trace);
        assertFalse(trace.contains("VALIDATE") || trace.contains("SERVICE") || trace.contains(" DB"), trace);
    }

    @Test
    void aGetActionAnswersHeadWithoutABody() {
        Api.Reply reply = api.head("/api/reports/sales/2026");
        assertEquals(200, reply.status(), reply.toString());
        assertEquals("", reply.text());
        assertEquals("application/json", reply.header("Content-Type"));
        assertEquals("yes", reply.header("X-Action-Middleware"));
    }

    /** Issue 14 item 6: an action's body must be JSON too; a JSON one reaches the handler. */
    @Test
    void aNonJsonBodyIsRefusedBeforeTheHandler() {
        Api.Reply refused = api.send("POST", "/api/nested", "plain words", Map.of("Content-Type", "text/plain"));
        assertEquals(415, refused.status(), refused.toString());
        assertEquals("UNSUPPORTED_MEDIA_TYPE", refused.code(), refused.toString());
        Api.Reply reply = api.send("POST", "/api/nested", "{}", Map.of("Content-Type", "application/json"));
        assertEquals(500, reply.status(), reply.toString());
        assertEquals("TX_BEGIN_ERROR", reply.code(), "the handler ran and tried to nest a transaction");
    }
}
