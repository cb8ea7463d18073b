package io.fx.micronaut.events.redis;

import io.fx.micronaut.exception.FxConfigurationException;
import io.lettuce.core.RedisURI;
import io.micronaut.configuration.lettuce.AbstractRedisConfiguration;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Optional;

/**
 * Which Redis a feature of the module talks to: the {@code redis.servers} entry its {@code server} setting names,
 * else Micronaut's {@code redis.uri}. Every Redis user of the module (the stream destination, the audit sink, the
 * cache broadcast, the job queue) resolves it here and connects lazily on its own client, so the application starts
 * while Redis is down.
 *
 * @since 0.8.0
 */
public final class RedisServers {

    private RedisServers() {
    }

    /**
     * @param server        the name of a {@code redis.servers} entry, or null for {@code redis.uri}
     * @param serverKey     the setting that names it, for the messages ({@code fx.audit.redis.server})
     * @param whyNeeded     why a Redis is needed, for the message when none is configured
     *                      ({@code fx.cache.broadcast is redis, but no Redis is configured})
     * @param defaultServer Micronaut's {@code redis.uri} server, when configured
     * @param servers       Micronaut's {@code redis.servers} entries
     * @return the server's address and settings (without a command timeout of the caller's)
     * @throws FxConfigurationException naming the keys when the server is not configured
     */
    @NonNull
    public static RedisURI resolve(@Nullable String server, @NonNull String serverKey, @NonNull String whyNeeded,
                                   @NonNull Optional<DefaultRedisConfiguration> defaultServer,
                                   @NonNull List<NamedRedisServersConfiguration> servers) {
        AbstractRedisConfiguration settings;
        if (server != null) {
            settings = servers.stream().filter(entry -> server.equals(entry.getName())).findFirst()
                .orElseThrow(() -> new FxConfigurationException(serverKey + " names '" + server + "', but redis.servers."
                    + server + " is not configured"));
        } else {
            settings = defaultServer.orElseThrow(() -> new FxConfigurationException(whyNeeded
                + ": set redis.uri, or name a redis.servers entry in " + serverKey));
        }
        return settings.getUri().orElse(settings);
    }
}
