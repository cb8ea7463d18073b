package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;

/** A Service-step middleware that fails with an unexpected exception, only inside {@link PanicTest}. */
@Requires(property = "spec.name", value = "PanicTest")
@FxMiddleware(step = Step.SERVICE, models = "Ledger", operations = {"CREATE", "READ"})
class PanicMiddleware implements Middleware {

    static final String SECRET = "boom: SELECT secret FROM internals";

    @Override
    public void handle(RequestContext context, Next next) {
        throw new IllegalStateException(SECRET);
    }
}
