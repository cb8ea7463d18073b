package io.fx.micronaut.events.cache;

import io.micronaut.cache.CacheManager;
import io.micronaut.cache.SyncCache;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventPublisher;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/** This instance's caches: drops keys and tells the application ({@link CacheInvalidatedEvent}). */
@Singleton
@Requires(classes = SyncCache.class)
final class LocalCaches {

    private static final Logger LOG = LoggerFactory.getLogger(LocalCaches.class);

    private final BeanProvider<CacheManager<?>> caches;
    private final ApplicationEventPublisher<CacheInvalidatedEvent> events;

    LocalCaches(BeanProvider<CacheManager<?>> caches, ApplicationEventPublisher<CacheInvalidatedEvent> events) {
        this.caches = caches;
        this.events = events;
    }

    /**
     * @param cacheName a cache; one this instance does not have (another replica's) is skipped
     * @param keys      the keys to drop
     * @param remote    whether another replica sent them
     */
    void drop(String cacheName, List<Object> keys, boolean remote) {
        CacheManager<?> manager = caches.get();
        if (!manager.getCacheNames().contains(cacheName)) {
            LOG.debug("No cache named {} here: {} key(s) from another replica skipped", cacheName, keys.size());
            return;
        }
        SyncCache<?> cache = manager.getCache(cacheName);
        for (Object key : keys) {
            cache.invalidate(key);
        }
        events.publishEvent(new CacheInvalidatedEvent(cacheName, keys, remote));
    }
}
