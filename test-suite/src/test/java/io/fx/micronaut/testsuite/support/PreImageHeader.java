package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;

/**
 * For tests, public API only: after the DB step, {@code X-Pre-Image: yes} when the request's change carries the
 * record before the write ({@code RecordChange.getBefore()}), {@code no} when it does not. A test subclasses it as an
 * {@code @FxMiddleware(step = Step.DB, position = Position.AFTER)} bean of its own spec.
 */
public abstract class PreImageHeader implements Middleware {

    /** The response header. */
    public static final String HEADER = "X-Pre-Image";

    @Override
    public void handle(RequestContext context, Next next) {
        context.getRecordChange().ifPresent(change ->
            context.response().setHeader(HEADER, change.getBefore().isPresent() ? "yes" : "no"));
        next.next();
    }
}
