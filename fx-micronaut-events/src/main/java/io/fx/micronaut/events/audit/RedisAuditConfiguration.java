package io.fx.micronaut.events.audit;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * The {@code redis} audit sink, under {@code fx.audit.redis}: each record is
 * {@code XADD <stream> MAXLEN ~ <max-length> * record <json>}.
 *
 * @since 0.8.0
 */
@ConfigurationProperties(RedisAuditConfiguration.PREFIX)
public interface RedisAuditConfiguration {

    /** The prefix. */
    String PREFIX = AuditConfiguration.PREFIX + ".redis";

    /** @return the stream records are added to */
    @Bindable(defaultValue = "fx.audit")
    @NonNull
    String getStream();

    /** @return about how many entries the stream keeps ({@code MAXLEN ~}) */
    @Bindable(defaultValue = "100000")
    long getMaxLength();

    /** @return the {@code redis.servers} entry to use; unset: micronaut-redis-lettuce's {@code redis.uri} */
    @Nullable
    String getServer();

    /** @return the connect and command timeout */
    @Bindable(defaultValue = "2s")
    @NonNull
    Duration getTimeout();
}
