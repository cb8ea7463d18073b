package io.fx.micronaut.events.redis;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * The Redis Streams destination, under {@code fx.events.redis}.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(RedisEventsConfiguration.PREFIX)
public interface RedisEventsConfiguration {

    /** The prefix. */
    String PREFIX = EventsConfiguration.PREFIX + ".redis";
    /** The property that turns it on. */
    String ENABLED = PREFIX + ".enabled";

    /** @return the destination's name in the outbox ({@code redis}) */
    @Bindable(defaultValue = "redis")
    @NonNull
    String getName();

    /** @return the stream events are added to */
    @Bindable(defaultValue = "fx.events")
    @NonNull
    String getStream();

    /** @return about how many entries the stream keeps ({@code MAXLEN ~}) */
    @Bindable(defaultValue = "100000")
    long getMaxLength();

    /** @return the {@code redis.servers} entry to use; unset: micronaut-redis-lettuce's {@code redis.uri} */
    @Nullable
    String getServer();

    /** @return the event types it receives */
    @Bindable(defaultValue = "*")
    @NonNull
    List<String> getPatterns();
}
