package io.fx.micronaut.security.revocation.redis;

import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.Optional;

/**
 * The Redis revocation store, under {@code fx.security.revocation.redis}; used when
 * {@code fx.security.revocation.store} is {@code redis}. The connection itself is micronaut-redis-lettuce's:
 * {@code redis.uri} (with its {@code redis.*} settings), or the named server {@code redis.servers.<server>}.
 *
 * @since 0.5.0
 */
@ConfigurationProperties(RedisRevocationConfiguration.PREFIX)
public interface RedisRevocationConfiguration {

    /** The prefix. */
    String PREFIX = RevocationConfiguration.PREFIX + ".redis";
    /** The property naming a {@code redis.servers.<name>} entry. */
    String SERVER = PREFIX + ".server";
    /** The property holding the key prefix. */
    String KEY_PREFIX = PREFIX + ".key-prefix";
    /** The property holding how many lookups may be under way at once. */
    String LOOKUPS_IN_FLIGHT = PREFIX + ".lookups-in-flight";
    /** The default key prefix: keys are {@code fx:revoked:token:<jti>} and {@code fx:revoked:user:<userId>}. */
    String DEFAULT_KEY_PREFIX = "fx:revoked:";

    /**
     * @return the name of the {@code redis.servers.<name>} entry to use; unset, Micronaut's default connection
     * ({@code redis.uri}) is used
     */
    @NonNull
    Optional<String> getServer();

    /**
     * @return what every key starts with: 1 to 64 printable ASCII characters, no spaces (a hash tag such as
     * {@code {fx}:revoked:} keeps a user's and a token's keys in one slot)
     */
    @Bindable(defaultValue = DEFAULT_KEY_PREFIX)
    @NonNull
    String getKeyPrefix();

    /**
     * @return how many batched lookups ({@code MGET}s) may be under way at once on the store's connection, 1 to
     * 16: the checks that arrive meanwhile wait for the next one. Fewer means larger batches and less work per
     * request under load, more means less waiting when the load is light
     */
    @Bindable(defaultValue = "1")
    int getLookupsInFlight();
}
