package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.fx.micronaut.events.audit.RedisAuditConfiguration;
import io.fx.micronaut.events.redis.LazyRedisConnection;
import io.fx.micronaut.events.redis.RedisServers;
import io.fx.micronaut.model.RecordRenderer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.XAddArgs;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@code redis} sink: {@code XADD <fx.audit.redis.stream> MAXLEN ~ <max-length> * record <json>} per record,
 * on a Lettuce client of its own that connects on the first record (the application starts while Redis is down),
 * to {@code redis.uri} or the {@code redis.servers} entry {@code fx.audit.redis.server} names, with
 * {@code fx.audit.redis.timeout} as its connect and command timeout. A failed connection is forgotten, so the next
 * record tries again.
 */
@Internal
@Singleton
@Named("redis")
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
final class RedisAuditSink implements AuditSink {

    private final RedisAuditConfiguration configuration;
    private final RecordRenderer renderer;
    private final XAddArgs trim;
    private final LazyRedisConnection connection;

    RedisAuditSink(RedisAuditConfiguration configuration, RecordRenderer renderer,
                   Optional<DefaultRedisConfiguration> defaultServer, List<NamedRedisServersConfiguration> servers) {
        this.configuration = configuration;
        this.renderer = renderer;
        this.connection = new LazyRedisConnection(resolve(configuration, defaultServer, servers),
            "the Redis audit sink", null);
        this.trim = new XAddArgs().maxlen(configuration.getMaxLength()).approximateTrimming(true);
    }

    private static RedisURI resolve(RedisAuditConfiguration configuration,
                                    Optional<DefaultRedisConfiguration> defaultServer,
                                    List<NamedRedisServersConfiguration> servers) {
        RedisURI source = RedisServers.resolve(configuration.getServer(), RedisAuditConfiguration.PREFIX + ".server",
            "The redis audit sink needs a Redis", defaultServer, servers);
        return RedisURI.builder(source).withTimeout(configuration.getTimeout()).build();
    }

    @Override
    public void write(@NonNull AuditRecord record) {
        String json = new String(renderer.toJson(record.toMap()), StandardCharsets.UTF_8);
        Duration timeout = configuration.getTimeout();
        try {
            connection.get().thenCompose(redis -> redis.async().xadd(configuration.getStream(), trim,
                    Map.of("record", json)))
                .toCompletableFuture().get(timeout.toNanos() * 2, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while adding to the Redis stream", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("XADD to the Redis stream failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("XADD to the Redis stream took longer than " + timeout);
        }
    }

    @PreDestroy
    void close() {
        connection.close();
    }
}
