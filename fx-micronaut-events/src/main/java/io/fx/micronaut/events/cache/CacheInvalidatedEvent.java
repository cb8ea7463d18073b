package io.fx.micronaut.events.cache;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Objects;

/**
 * An application event published once keys were dropped from a local cache: after a committed write of this
 * application ({@code remote} false), or on a message of another replica ({@code fx.cache.broadcast: redis},
 * {@code remote} true). A replica never applies its own broadcast a second time.
 *
 * @param cacheName the cache's name
 * @param keys      the dropped keys
 * @param remote    whether another replica's write caused it
 * @since 0.8.0
 */
public record CacheInvalidatedEvent(@NonNull String cacheName, @NonNull List<Object> keys, boolean remote) {

    /**
     * @param cacheName the cache's name
     * @param keys      the dropped keys
     * @param remote    whether another replica's write caused it
     */
    public CacheInvalidatedEvent {
        Objects.requireNonNull(cacheName, "cacheName");
        keys = List.copyOf(keys);
    }
}
