package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditRecord;
import io.fx.micronaut.events.audit.AuditSink;
import io.fx.micronaut.events.audit.RedisAuditConfiguration;
import io.fx.micronaut.events.redis.RedisServers;
import io.fx.micronaut.model.RecordRenderer;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
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
import java.util.concurrent.CompletableFuture;
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
    private final RedisURI uri;
    private final XAddArgs trim;
    private RedisClient client;
    private CompletableFuture<StatefulRedisConnection<String, String>> connection;
    private boolean closed;

    RedisAuditSink(RedisAuditConfiguration configuration, RecordRenderer renderer,
                   Optional<DefaultRedisConfiguration> defaultServer, List<NamedRedisServersConfiguration> servers) {
        this.configuration = configuration;
        this.renderer = renderer;
        this.uri = resolve(configuration, defaultServer, servers);
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
            connection().thenCompose(redis -> redis.async().xadd(configuration.getStream(), trim,
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

    /** The connection, made on first use; a failed attempt is forgotten so the next record tries again. */
    private synchronized CompletableFuture<StatefulRedisConnection<String, String>> connection() {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the Redis audit sink is closed"));
        }
        if (connection == null || connection.isCompletedExceptionally()) {
            if (client == null) {
                client = RedisClient.create();
                client.setOptions(ClientOptions.builder()
                    .autoReconnect(true)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                    .socketOptions(SocketOptions.builder().connectTimeout(uri.getTimeout()).build())
                    .timeoutOptions(TimeoutOptions.enabled(uri.getTimeout()))
                    .build());
            }
            connection = client.connectAsync(StringCodec.UTF8, uri).toCompletableFuture();
        }
        return connection;
    }

    @PreDestroy
    synchronized void close() {
        closed = true;
        if (connection != null && connection.isDone() && !connection.isCompletedExceptionally()) {
            connection.join().close();
        }
        if (client != null) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
        }
    }
}
