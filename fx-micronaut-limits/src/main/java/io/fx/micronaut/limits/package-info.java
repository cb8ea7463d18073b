/**
 * Limits of fx-micronaut: {@link io.fx.micronaut.limits.FxLimits} gives the middleware for per-route body sizes,
 * rate limits ({@link io.fx.micronaut.limits.RateLimitPolicy}, Bucket4j buckets in memory or shared in Redis) and
 * idempotent creates and actions ({@link io.fx.micronaut.limits.IdempotencyConfig}); {@code fx.rate-limit.*} and
 * {@code fx.idempotency.*} register them from configuration. Their error codes are
 * {@link io.fx.micronaut.limits.LimitsErrorCodes}. The implementations live in {@code internal}.
 *
 * @since 0.7.0
 */
package io.fx.micronaut.limits;
