package io.fx.micronaut.events.cache;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Cache invalidation's settings, under {@code fx.cache}.
 *
 * <pre>{@code
 * fx:
 *   cache:
 *     broadcast: redis          # none (default): this instance's caches only
 *     channel: fx:cache:invalidate
 * redis:
 *   uri: redis://cache.internal:6379
 * }</pre>
 *
 * @since 0.8.0
 */
@ConfigurationProperties(CacheInvalidationConfiguration.PREFIX)
public interface CacheInvalidationConfiguration {

    /** The prefix. */
    String PREFIX = "fx.cache";
    /** The default {@link #getChannel()}. */
    String DEFAULT_CHANNEL = "fx:cache:invalidate";

    /**
     * @return where the keys a committed write drops go besides this instance's caches: {@code none}, or
     * {@code redis} to publish them on {@link #getChannel()} for the other replicas (micronaut-redis-lettuce on the
     * classpath)
     */
    @Bindable(defaultValue = "none")
    @NonNull
    Broadcast getBroadcast();

    /** @return the Redis Pub/Sub channel of the broadcast; the replicas of one application share it */
    @Bindable(defaultValue = DEFAULT_CHANNEL)
    @NonNull
    String getChannel();

    /** @return the {@code redis.servers} entry to use; unset: micronaut-redis-lettuce's {@code redis.uri} */
    @Nullable
    String getServer();

    /** @return how long connecting to Redis or publishing may take */
    @Bindable(defaultValue = "2s")
    @NonNull
    Duration getTimeout();

    /** @return how long to wait before subscribing again when Redis could not be reached at startup */
    @Bindable(defaultValue = "5s")
    @NonNull
    Duration getRetryInterval();

    /** Where dropped keys are broadcast. */
    enum Broadcast {
        /** Nowhere: only this instance's caches. */
        NONE,
        /** Redis Pub/Sub. */
        REDIS
    }
}
