package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import jakarta.inject.Singleton;

/** Per-model middleware of Widget: marks every response so tests can see it ran. */
@Singleton
public class WidgetAuditMiddleware implements Middleware {

    @Override
    public void handle(RequestContext context, Next next) {
        context.response().setHeader("X-Widget-Audit", "seen");
        next.next();
    }
}
