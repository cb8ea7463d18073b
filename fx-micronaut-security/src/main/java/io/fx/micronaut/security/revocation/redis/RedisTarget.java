package io.fx.micronaut.security.revocation.redis;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.lettuce.core.RedisURI;
import io.micronaut.configuration.lettuce.AbstractRedisConfiguration;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Which Redis the store talks to: micronaut-redis-lettuce's default configuration ({@code redis.uri}, or
 * {@code redis.host}/{@code redis.port}…) or the named {@code redis.servers.<name>}. Only the address and its
 * settings are taken from there, never Micronaut's connection beans (they connect when created, so an
 * application could not start while Redis is down).
 *
 * @param uri        the address, with the revocation timeout as its command timeout
 * @param settings   the Micronaut configuration it came from (thread pool sizes)
 * @param name       how the configuration is named in messages
 */
record RedisTarget(RedisURI uri, AbstractRedisConfiguration settings, String name) {

    /**
     * @param server        the chosen {@code redis.servers} entry, if any
     * @param defaultServer Micronaut's default configuration, present when {@code redis.*} is set
     * @param servers       the {@code redis.servers.*} entries
     * @param timeout       the revocation timeout
     * @return the target
     * @throws FxConfigurationException naming the keys when nothing usable is configured
     */
    static RedisTarget resolve(Optional<String> server, Optional<DefaultRedisConfiguration> defaultServer,
                               List<NamedRedisServersConfiguration> servers, Duration timeout) {
        AbstractRedisConfiguration settings;
        String name;
        if (server.isPresent()) {
            name = "redis.servers." + server.get();
            settings = servers.stream().filter(entry -> server.get().equals(entry.getName())).findFirst()
                .orElseThrow(() -> new FxConfigurationException(RedisRevocationConfiguration.SERVER + " names '"
                    + server.get() + "', but " + name + " is not configured"));
        } else {
            name = "redis";
            settings = defaultServer.orElseThrow(() -> new FxConfigurationException(RevocationConfiguration.STORE
                + " is redis, but no Redis is configured: set redis.uri, or name a redis.servers entry in "
                + RedisRevocationConfiguration.SERVER));
        }
        if (!settings.getUris().isEmpty()) {
            throw new FxConfigurationException(name + ".uris (Redis Cluster) is not supported by the revocation store;"
                + " set " + name + ".uri");
        }
        RedisURI source = settings.getUri().orElse(settings);
        return new RedisTarget(RedisURI.builder(source).withTimeout(timeout).build(), settings, name);
    }
}
