package io.fx.micronaut.events.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A string connection to one Redis on a Lettuce client of its own, made on first use, so the application starts
 * while Redis is down. A failed attempt is forgotten and the next use tries again; a connection that was made is
 * kept while Lettuce reconnects it, and commands fail at once while it is disconnected. The URI's timeout is the
 * connect and command timeout.
 *
 * @since 0.8.0
 */
public final class LazyRedisConnection implements AutoCloseable {

    private final RedisURI uri;
    private final String owner;
    private final Delay reconnectDelay;
    private ClientResources resources;
    private RedisClient client;
    private CompletableFuture<StatefulRedisConnection<String, String>> connection;
    private boolean closed;

    /**
     * @param uri            the server, with its timeout
     * @param owner          who uses it, for the error after {@link #close()} ({@code the Redis audit sink})
     * @param reconnectDelay how Lettuce spaces its reconnection attempts; null for Lettuce's default
     */
    public LazyRedisConnection(@NonNull RedisURI uri, @NonNull String owner, @Nullable Delay reconnectDelay) {
        this.uri = uri;
        this.owner = owner;
        this.reconnectDelay = reconnectDelay;
    }

    /** @return a reconnection delay of 100 ms doubling up to 2 s, for users that must notice a returned Redis soon */
    @NonNull
    public static Delay quickReconnect() {
        return Delay.exponential(Duration.ofMillis(100), Duration.ofSeconds(2), 2, TimeUnit.MILLISECONDS);
    }

    /** @return the connection, completing once made; failed when it cannot be made or after {@link #close()} */
    @NonNull
    public synchronized CompletableFuture<StatefulRedisConnection<String, String>> get() {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(owner + " is closed"));
        }
        if (connection == null || connection.isCompletedExceptionally()) {
            if (client == null) {
                if (reconnectDelay != null) {
                    resources = ClientResources.builder().reconnectDelay(reconnectDelay).build();
                }
                client = resources == null ? RedisClient.create() : RedisClient.create(resources);
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

    /** Closes the connection and the client; later uses fail. */
    @Override
    public synchronized void close() {
        closed = true;
        RedisShutdown.shutdown(client, resources, owner);
    }
}
