/**
 * Cache invalidation of the events module: {@link io.fx.micronaut.events.cache.FxCache#invalidate} drops the keys
 * of every committed write's records from a Micronaut Cache, and with {@code fx.cache.broadcast: redis} from the
 * local caches of the other replicas too, over Redis Pub/Sub.
 *
 * @since 0.8.0
 */
package io.fx.micronaut.events.cache;
