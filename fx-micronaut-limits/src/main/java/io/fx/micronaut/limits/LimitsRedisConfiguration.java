package io.fx.micronaut.limits;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * The Redis the limits module talks to when {@code fx.rate-limit.backend} or {@code fx.idempotency.store} is
 * {@code redis}, under {@code fx.limits.redis}. The address is micronaut-redis-lettuce's ({@code redis.uri}, or
 * the named {@code redis.servers.<server>}); the module connects on first use, never at startup, so the
 * application starts while Redis is down. Keys are {@code <key-prefix>rl:<policy>:<key>} for rate limits and
 * {@code <key-prefix>idem:<hash>} for idempotency entries.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(LimitsRedisConfiguration.PREFIX)
public interface LimitsRedisConfiguration {

    /** The prefix. */
    String PREFIX = "fx.limits.redis";
    /** The default key prefix. */
    String DEFAULT_KEY_PREFIX = "fx:";

    /** @return the {@code redis.servers.<name>} entry to use; unset, {@code redis.uri} */
    @NonNull
    Optional<String> getServer();

    /** @return what every key starts with, 1 to 64 printable ASCII characters without spaces */
    @Bindable(defaultValue = DEFAULT_KEY_PREFIX)
    @NonNull
    String getKeyPrefix();

    /** @return how long a connection attempt may take (1 s by default) */
    @Bindable(defaultValue = "1s")
    @NonNull
    Duration getConnectTimeout();
}
