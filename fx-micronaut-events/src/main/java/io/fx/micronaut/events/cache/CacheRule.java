package io.fx.micronaut.events.cache;

import io.fx.micronaut.db.WriteOperation;

import java.util.Set;

/**
 * One {@link FxCache#invalidate} registration bound to a model.
 *
 * @param cacheName  the cache
 * @param keys       the key function
 * @param operations the writes it covers
 */
record CacheRule(String cacheName, CacheKeyFunction keys, Set<WriteOperation> operations) {
}
