package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.Internal;

/**
 * One middleware registration, in registration order.
 *
 * @param step       the step
 * @param middleware the middleware
 * @param options    position, filters, name
 */
@Internal
record Registration(Step step, Middleware middleware, MiddlewareOptions options) {
}
