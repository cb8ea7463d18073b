package io.fx.micronaut.pipeline;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionDescriptor;
import io.fx.micronaut.pipeline.ActionAccess;
import io.micronaut.http.HttpRequest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequestContextActionTest {

    @Test
    void anActionContextKnowsItsActionAndItsDeclaredAccess() {
        Action action = Action.get("/ping", context -> "pong").access(ActionAccess.PUBLIC);
        RequestContext context = RequestContext.forAction("r1", HttpRequest.GET("/api/ping"), action,
            Map.of("id", "7"), null, () -> false);
        assertSame(action, context.findAction().orElseThrow());
        assertEquals(ActionAccess.PUBLIC, context.findAction().flatMap(ActionDescriptor::declaredAccess).orElseThrow());
        assertEquals(Operation.ACTION, context.getOperation());
        assertEquals("7", context.getPathParameter("id").orElseThrow());
    }

    @Test
    void aContextBuiltWithoutTheActionHasNone() {
        RequestContext context = RequestContext.forAction("r2", HttpRequest.GET("/api/ping"), Map.of(), null, () -> false);
        assertTrue(context.findAction().isEmpty());
    }
}
