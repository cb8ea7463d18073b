package io.fx.micronaut.web;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;

/**
 * A body size limit as a middleware registration: on the Deserialize step at position {@code BEFORE}, for the
 * models and operations its options cover, or in a custom action's middleware list. The limit is read from the
 * compiled pipeline before a byte of the body is read, so a larger {@code Content-Length} is answered 413
 * {@code BODY_TOO_LARGE} at once and a chunked body is refused at byte {@code limit + 1}; exactly the limit passes.
 * When several registrations cover a route, the last in pipeline order counts; a route none covers keeps
 * {@code fx.max-body-size}. A limit over {@code micronaut.server.max-request-size} fails startup, naming both.
 * Registered anywhere else, it fails startup too.
 *
 * <pre>{@code
 * registry.use(Step.DESERIALIZE, MaxBodySize.of(16 * 1024),
 *     MiddlewareOptions.before().models("Comment").operations(Operation.CREATE, Operation.UPDATE));
 * }</pre>
 *
 * <p>{@code io.fx.micronaut.limits.FxLimits#maxBodySize} returns one of these.</p>
 *
 * @since 0.7.0
 */
public final class MaxBodySize implements ModelBoundMiddleware {

    private final long bytes;

    private MaxBodySize(long bytes) {
        this.bytes = bytes;
    }

    /**
     * @param bytes the most bytes a covered request's body may have; 0 admits only an empty body
     * @return the middleware
     * @throws IllegalArgumentException when negative
     */
    @NonNull
    public static MaxBodySize of(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a body size limit cannot be negative: " + bytes);
        }
        return new MaxBodySize(bytes);
    }

    /** @return the limit in bytes */
    public long bytes() {
        return bytes;
    }

    @Override
    public void bind(@NonNull ModelBinding binding) {
        if (binding.step() != Step.DESERIALIZE || binding.position() != Position.BEFORE) {
            throw new FxConfigurationException(this + " is registered on the " + binding.step() + " step at position "
                + binding.position() + " for model " + binding.model().getName()
                + "; register it on the DESERIALIZE step at position BEFORE");
        }
    }

    /** The limit was applied before the body was read; nothing is left to do here. */
    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        next.next();
    }

    @Override
    public String toString() {
        return "maxBodySize(" + bytes + ")";
    }
}
