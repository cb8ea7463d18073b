package io.fx.micronaut.examples.middleware;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;

/**
 * The README's middleware example: refuses writes to posts from callers without a principal. Active
 * only in the {@code secured} environment, so the plain blog example stays open.
 *
 * @since 0.1.0
 */
@Requires(env = "secured")
// tag::require-user[]
@FxMiddleware(step = Step.AUTH, models = "Post", operations = {"CREATE", "UPDATE"})
public class RequireUser implements Middleware {
    @Override
    public void handle(RequestContext context, Next next) {
        if (context.getPrincipal().isEmpty()) {
            context.abort(401, "UNAUTHORIZED", "sign in first");
            return;
        }
        next.next();
    }
}
// end::require-user[]
