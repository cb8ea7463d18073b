/**
 * The Redis revocation store ({@code fx.security.revocation.store: redis}), on micronaut-redis-lettuce's
 * {@code redis.uri} or a named {@code redis.servers.<name>}: {@link io.fx.micronaut.security.revocation.redis.RedisRevoker}
 * and its settings {@link io.fx.micronaut.security.revocation.redis.RedisRevocationConfiguration}. The store
 * connects lazily (the application starts without Redis), answers 503 until Redis does, and adds a
 * {@code revocation} check to {@code /ready}.
 *
 * @since 0.5.0
 */
package io.fx.micronaut.security.revocation.redis;
