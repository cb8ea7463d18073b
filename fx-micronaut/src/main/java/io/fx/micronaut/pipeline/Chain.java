package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.Internal;

/**
 * The compiled middleware chain of one model and operation: an immutable array run front to back,
 * each element continuing through {@code next}.
 */
@Internal
public final class Chain {

    private final Middleware[] middleware;

    Chain(Middleware[] middleware) {
        this.middleware = middleware;
    }

    /**
     * Runs the chain.
     *
     * @param context the request context
     */
    public void run(RequestContext context) {
        proceed(context, 0);
    }

    private void proceed(RequestContext context, int index) {
        if (index < middleware.length) {
            middleware[index].handle(context, () -> proceed(context, index + 1));
        }
    }

    /** @return the number of middleware, for tests and tracing */
    public int size() {
        return middleware.length;
    }
}
