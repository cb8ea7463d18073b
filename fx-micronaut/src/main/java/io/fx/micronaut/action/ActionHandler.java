package io.fx.micronaut.action;

import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * The work of a custom action. It reads what it needs from the context (path parameters, the body whole or
 * as a stream through {@code context.payload().getRequestBody()}, the principal), validates it and manages
 * its own transactions ({@code context.transaction().run(work)}); Validate, Service and DB never run for
 * actions. What it returns becomes the answer: a value is the JSON body of a 200, {@code null} a 204, an
 * {@link io.fx.micronaut.pipeline.FxResponse} is sent as it is (another status, a download, a redirect).
 * Throwing an {@link io.fx.micronaut.exception.FxException} or calling {@code context.abort(...)} answers
 * with an error envelope.
 *
 * @since 0.2.0
 */
@FunctionalInterface
public interface ActionHandler {

    /**
     * @param context the request context (operation {@code ACTION}, no model)
     * @return the body, an {@code FxResponse}, or null for 204
     */
    @Nullable
    Object handle(@NonNull RequestContext context);
}
