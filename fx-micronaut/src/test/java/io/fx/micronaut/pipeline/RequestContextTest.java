package io.fx.micronaut.pipeline;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.model.AttributeKey;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.cookie.Cookie;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The request context and its typed parts, built without a server. */
class RequestContextTest {

    private static final AttributeKey<Integer> ATTEMPTS = AttributeKey.of("test.attempts", Integer.class);

    @Test
    void aBuiltContextKnowsWhatWasRoutedAndWhoAsks() {
        AuthInfo alice = AuthInfo.of("alice", "editor");
        RequestContext context = RequestContext.builder(Operation.READ).recordId("42").principal(alice)
            .request(HttpRequest.GET("/api/posts/42").header("X-Trace", "t1")).build();
        assertEquals(Operation.READ, context.getOperation());
        assertEquals("42", context.getRecordId().orElseThrow());
        assertSame(alice, context.getPrincipal().orElseThrow());
        assertEquals(36, context.getRequestId().length(), "a random request id");
        assertEquals("t1", context.view().getHeader("x-trace").orElseThrow());
        assertEquals("/api/posts/42", context.getRequest().orElseThrow().getPath());
        assertFalse(context.isCancelled());
        assertTrue(context.findModel().isEmpty());
        assertThrows(IllegalStateException.class, context::getModel);
    }

    @Test
    void anActionContextKnowsItsActionAndItsPathParameters() {
        Action action = Action.get("/ping/{id}", c -> "pong").access(ActionAccess.PUBLIC);
        RequestContext context = RequestContext.builder(Operation.ACTION).requestId("r1").action(action)
            .pathParameters(Map.of("id", "7")).build();
        assertSame(action, context.findAction().orElseThrow());
        assertEquals(ActionAccess.PUBLIC, context.findAction().flatMap(ActionDescriptor::declaredAccess).orElseThrow());
        assertEquals("7", context.view().getPathParameter("id").orElseThrow());
        assertEquals("r1", context.getRequestId());
    }

    @Test
    void attributesAreTypedAndVisibleToStorageCalls() {
        RequestContext context = RequestContext.builder(Operation.CREATE).build();
        assertTrue(context.getAttribute(ATTEMPTS).isEmpty());
        context.attributes().put(ATTEMPTS, 3);
        assertEquals(3, context.getAttribute(ATTEMPTS).orElseThrow());
        assertTrue(context.attributes().has(ATTEMPTS));
        context.attributes().put(ATTEMPTS, null);
        assertFalse(context.attributes().has(ATTEMPTS));
        AttributeKey<String> sameName = AttributeKey.of("test.attempts", String.class);
        context.attributes().put(ATTEMPTS, 1);
        assertTrue(context.attributes().get(sameName).isEmpty(), "keys compare by identity, not by name");
    }

    @Test
    void theResponsePartCollectsTheAnswerHeadersAndCookies() {
        RequestContext context = RequestContext.builder(Operation.UPDATE).build();
        context.response().setHeader("X-One", "1");
        context.response().setHeader("X-One", "2");
        context.response().addCookie(Cookie.of("session", "a").path("/"));
        context.response().addCookie(Cookie.of("session", "b").path("/"));
        context.response().addCookie(Cookie.of("session", "c").path("/other"));
        assertEquals(Map.of("X-One", "2"), context.response().getHeaders());
        assertEquals(List.of("b", "c"), context.response().getCookies().stream().map(Cookie::getValue).toList());
        assertThrows(UnsupportedOperationException.class, () -> context.response().getHeaders().put("X", "y"));
        assertFalse(context.response().isAborted());
        context.abort(403, "FORBIDDEN", "no");
        assertTrue(context.response().isAborted());
        FxResponse answer = context.response().find().orElseThrow();
        assertEquals(403, answer.status());
        assertEquals(Map.of("error", Map.of("code", "FORBIDDEN", "message", "no")), answer.body());
    }

    @Test
    void thePayloadCarriesTheBodyQueryAndATypedResult() {
        RequestContext context = RequestContext.builder(Operation.CREATE).rawBody(new byte[] {'{', '}'}).build();
        assertEquals(2, context.payload().getRawBody().length);
        context.payload().setBody(Map.of("title", "t"));
        assertEquals("t", context.payload().getBody().get("title"));
        assertTrue(context.payload().getResult().isEmpty());
        context.payload().setResult(OperationResult.page(new Page(List.of(Map.of("id", "1")), 1, 1, 20)));
        OperationResult.PageResult page = assertInstanceOf(OperationResult.PageResult.class,
            context.payload().getResult().orElseThrow());
        assertEquals(1, page.page().total());
        assertSame(OperationResult.deleted(), OperationResult.deleted());
    }

    @Test
    void withoutADataStoreTheCallsThatNeedOneRefuseAndTheStoredRecordIsAbsent() {
        RequestContext context = RequestContext.builder(Operation.DELETE).recordId("1").build();
        assertFalse(context.transaction().isActive());
        assertThrows(IllegalStateException.class, () -> context.transaction().afterCommit(() -> { }));
        assertThrows(IllegalStateException.class, context::getDataStore);
        assertThrows(IllegalStateException.class, context::getModels);
        assertTrue(context.getStoredRecord().isEmpty());
        context.setStoredRecord(Map.of("id", "1"));
        assertEquals("1", context.getStoredRecord().orElseThrow().get("id"));
    }

    @Test
    void theClientsDepartureIsSeenThroughTheView() {
        boolean[] closed = {false};
        RequestContext context = RequestContext.builder(Operation.CREATE).clientClosed(() -> closed[0]).build();
        assertFalse(context.view().isClientClosed());
        closed[0] = true;
        assertTrue(context.view().isClientClosed());
        assertTrue(context.isCancelled());
    }
}
