package io.fx.micronaut.events.cache;

import java.util.List;

/** Sends the keys this instance dropped to the other replicas, which drop them too. */
interface CacheBroadcast {

    /**
     * Publishes without waiting; a failure is logged, never thrown: the write has committed.
     *
     * @param cacheName the cache
     * @param keys      the dropped keys
     */
    void publish(String cacheName, List<Object> keys);
}
