package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.testsuite.support.Failures;
import org.junit.jupiter.api.Test;

/** A cache invalidation that cannot work fails startup, naming what is wrong. */
class CacheStartupTest {

    @Test
    void anUnknownCacheFailsStartupNamingIt() {
        Failures.assertStartupFailure("FxCache.invalidate(\"post-sumaries\", ...): there is no cache named "
                + "'post-sumaries' (configure micronaut.caches.post-sumaries); the caches are [parcels]",
            "CacheStartup", "cache-test", "true", "cache-test.caches", "post-sumaries",
            "micronaut.caches.parcels.maximum-size", "10");
    }

    @Test
    void anInvalidationOutsideTheDbStepAfterFailsStartup() {
        Failures.assertStartupFailure("FxCache.invalidate(\"parcels\") is registered on the SERVICE step at position "
                + "AFTER for model Parcel; register it on the DB step at position AFTER", "CacheStartup",
            "cache-test", "true", "cache-test.caches", "parcels", "cache-test.step", "SERVICE",
            "micronaut.caches.parcels.maximum-size", "10");
        Failures.assertStartupFailure("FxCache.invalidate(\"parcels\") is registered on the DB step at position "
                + "BEFORE for model Parcel; register it on the DB step at position AFTER", "CacheStartup",
            "cache-test", "true", "cache-test.caches", "parcels", "cache-test.after", "false",
            "micronaut.caches.parcels.maximum-size", "10");
    }

    @Test
    void aRedisBroadcastWithoutRedisFailsStartup() {
        Failures.assertStartupFailure("fx.cache.broadcast is redis, but no Redis is configured: set redis.uri, or "
                + "name a redis.servers entry in fx.cache.server", "CacheStartup", "cache-test", "true",
            "cache-test.caches", "parcels", "micronaut.caches.parcels.maximum-size", "10", "fx.cache.broadcast", "redis");
        Failures.assertStartupFailure("fx.cache.server names 'caches', but redis.servers.caches is not configured",
            "CacheStartup", "cache-test", "true", "cache-test.caches", "parcels",
            "micronaut.caches.parcels.maximum-size", "10", "fx.cache.broadcast", "redis", "fx.cache.server", "caches",
            "redis.uri", "redis://127.0.0.1:6379");
    }
}
