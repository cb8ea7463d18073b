package io.fx.micronaut.limits;

import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.web.MaxBodySize;
import io.micronaut.core.annotation.NonNull;

/**
 * The limits as middleware, to register from a {@link io.fx.micronaut.pipeline.PipelineConfigurer} or to put in a
 * custom action's middleware list ({@code fx.rate-limit.policies.*} and {@code fx.idempotency.*} register the same
 * from configuration):
 * <ul>
 *   <li>{@link #maxBodySize}: on the Deserialize step at position {@code BEFORE}; the route's limit before a byte
 *       of the body is read</li>
 *   <li>{@link #rateLimit}: on the Validate step at position {@code AFTER} (requests that fail validation are not
 *       counted, and a Service-step transaction has not begun: a Redis round trip never holds one open), on the
 *       DB step at position {@code BEFORE} (the spec's place, inside such a transaction), or on the Auth step
 *       (position {@code BEFORE}: requests the Auth step refuses count too)</li>
 *   <li>{@link #idempotency}: on the Deserialize step at position {@code AFTER}, for {@code CREATE} only</li>
 * </ul>
 * A registration anywhere else fails startup. The module declares the one bean.
 *
 * <pre>{@code
 * @Singleton
 * final class Limits implements PipelineConfigurer {
 *     private final FxLimits limits;
 *     Limits(FxLimits limits) { this.limits = limits; }
 *     public void configure(MiddlewareRegistry registry) {
 *         registry.use(Step.DESERIALIZE, limits.maxBodySize(16 * 1024), MiddlewareOptions.before().models("Comment"));
 *         registry.use(Step.VALIDATE, limits.rateLimit(RateLimitPolicy.of("writes", 30, Duration.ofMinutes(1))),
 *             MiddlewareOptions.after().operations(Operation.CREATE, Operation.UPDATE, Operation.DELETE));
 *         registry.use(Step.DESERIALIZE, limits.idempotency(IdempotencyConfig.defaults()),
 *             MiddlewareOptions.after().operations(Operation.CREATE));
 *     }
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
public interface FxLimits {

    /**
     * @param bytes the most bytes a covered request's body may have
     * @return the core's {@link MaxBodySize} middleware
     */
    @NonNull
    default MaxBodySize maxBodySize(long bytes) {
        return MaxBodySize.of(bytes);
    }

    /**
     * @param policy the limit and its key
     * @return the middleware counting the covered requests against the policy, on {@code fx.rate-limit.backend}
     */
    @NonNull
    Middleware rateLimit(@NonNull RateLimitPolicy policy);

    /**
     * @param config the store, time to live, caller scope and whether the header is required
     * @return the middleware making covered creates (and actions) idempotent
     */
    @NonNull
    Middleware idempotency(@NonNull IdempotencyConfig config);
}
