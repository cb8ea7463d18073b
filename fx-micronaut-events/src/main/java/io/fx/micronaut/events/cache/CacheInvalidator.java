package io.fx.micronaut.events.cache;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.cache.SyncCache;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Optional;

/** Drops a committed write's keys from this instance's cache and broadcasts them, when configured. */
@Singleton
@Requires(classes = SyncCache.class)
final class CacheInvalidator {

    private final LocalCaches local;
    private final Optional<CacheBroadcast> broadcast;

    CacheInvalidator(LocalCaches local, Optional<CacheBroadcast> broadcast, CacheInvalidationConfiguration configuration) {
        if (configuration.getBroadcast() == CacheInvalidationConfiguration.Broadcast.REDIS && broadcast.isEmpty()) {
            throw new FxConfigurationException(CacheInvalidationConfiguration.PREFIX + ".broadcast is redis, but "
                + "micronaut-redis-lettuce is not on the classpath");
        }
        this.local = local;
        this.broadcast = broadcast;
    }

    /**
     * @param cacheName the cache
     * @param keys      the keys to drop
     */
    void invalidate(String cacheName, List<Object> keys) {
        local.drop(cacheName, keys, false);
        broadcast.ifPresent(b -> b.publish(cacheName, keys));
    }
}
