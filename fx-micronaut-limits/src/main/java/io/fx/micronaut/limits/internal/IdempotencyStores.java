package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.IdempotencyConfiguration;
import io.fx.micronaut.limits.IdempotencyStore;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Locale;

/**
 * The shipped stores, one of each per application, made when first needed: the in-memory one and the Redis one
 * (on the module's lazy connection, so nothing connects at startup). Checks {@code fx.idempotency.*} on creation.
 */
@Internal
@Singleton
public final class IdempotencyStores {

    /** {@code fx.idempotency.store: memory}. */
    public static final String MEMORY = "memory";
    /** {@code fx.idempotency.store: redis}. */
    public static final String REDIS = "redis";

    private final IdempotencyConfiguration configuration;
    private final BeanProvider<LimitsRedis> redis;
    private final String configured;
    private IdempotencyStore memoryStore;
    private IdempotencyStore redisStore;

    IdempotencyStores(IdempotencyConfiguration configuration, BeanProvider<LimitsRedis> redis) {
        this.configuration = configuration;
        this.redis = redis;
        this.configured = configuration.getStore().map(name -> name.trim().toLowerCase(Locale.ROOT)).orElse(MEMORY);
        if (!MEMORY.equals(configured) && !REDIS.equals(configured)) {
            throw new FxConfigurationException(IdempotencyConfiguration.PREFIX + ".store must be memory or redis, not '"
                + configuration.getStore().orElse("") + "'");
        }
        positive("ttl", configuration.getTtl());
        positive("lock-timeout", configuration.getLockTimeout());
        positive("timeout", configuration.getTimeout());
        if (configuration.getWait().isNegative()) {
            throw new FxConfigurationException(IdempotencyConfiguration.PREFIX + ".wait must not be negative");
        }
        if (configuration.getMaxEntries() < 1) {
            throw new FxConfigurationException(IdempotencyConfiguration.PREFIX + ".max-entries must be at least 1, not "
                + configuration.getMaxEntries());
        }
    }

    private static void positive(String name, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new FxConfigurationException(IdempotencyConfiguration.PREFIX + "." + name + " must be positive, not "
                + value);
        }
    }

    /**
     * @return the store {@code fx.idempotency.store} names; memory when unset
     * @throws FxConfigurationException when it is {@code redis} and no Redis is configured or on the classpath
     */
    @NonNull
    public IdempotencyStore configured() {
        return REDIS.equals(configured) ? redis() : memory();
    }

    /** @return the in-memory store, bounded by {@code fx.idempotency.max-entries} */
    @NonNull
    public synchronized IdempotencyStore memory() {
        if (memoryStore == null) {
            memoryStore = new MemoryIdempotencyStore(configuration.getMaxEntries());
        }
        return memoryStore;
    }

    /**
     * @return the Redis store
     * @throws FxConfigurationException when no Redis is configured or micronaut-redis-lettuce is not on the classpath
     */
    @NonNull
    public synchronized IdempotencyStore redis() {
        if (redisStore == null) {
            if (!redis.isPresent()) {
                throw new FxConfigurationException(IdempotencyConfiguration.PREFIX + ".store is redis, but"
                    + " io.micronaut.redis:micronaut-redis-lettuce is not on the classpath");
            }
            redisStore = new RedisIdempotencyStore(redis.get(), configuration.getTimeout());
        }
        return redisStore;
    }
}
