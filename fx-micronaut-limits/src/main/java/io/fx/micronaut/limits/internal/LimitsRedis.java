package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.lifecycle.BoundedStop;
import io.fx.micronaut.limits.LimitsBackendException;
import io.fx.micronaut.limits.LimitsRedisConfiguration;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micronaut.configuration.lettuce.AbstractRedisConfiguration;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * The limits module's one Redis connection (string keys, byte values), made on first use on a Lettuce client of its
 * own: nothing connects at startup. Concurrent callers share one attempt; after a failed one, callers fail at once
 * for 200 ms instead of each trying again. Once connected, Lettuce reconnects by itself (100 ms to 2 s) and meanwhile
 * rejects commands at once instead of queueing them, so an outage costs a request no more than its timeout.
 */
@Internal
@Singleton
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
public final class LimitsRedis {

    private static final Logger LOG = LoggerFactory.getLogger(LimitsRedis.class);
    private static final Pattern KEY_PREFIX = Pattern.compile("[\\x21-\\x7e]{1,64}");
    private static final long RETRY_NANOS = Duration.ofMillis(200).toNanos();
    private static final Duration SHUTDOWN = Duration.ofSeconds(2);
    /** How long each shutdown step is waited for: Lettuce's own timeout, and a margin. */
    private static final Duration STOP_WAIT = SHUTDOWN.plusSeconds(1);
    private static final RedisCodec<String, byte[]> CODEC = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);

    private final RedisURI uri;
    private final String name;
    private final String keyPrefix;
    private final Duration connectTimeout;
    private final AtomicReference<CompletableFuture<StatefulRedisConnection<String, byte[]>>> connection =
        new AtomicReference<>();
    private final AtomicBoolean down = new AtomicBoolean();
    private ClientResources resources;
    private RedisClient client;
    private volatile long failedAt;
    private volatile boolean closed;

    LimitsRedis(LimitsRedisConfiguration configuration, Optional<DefaultRedisConfiguration> defaultServer,
                List<NamedRedisServersConfiguration> servers) {
        this.keyPrefix = configuration.getKeyPrefix();
        if (!KEY_PREFIX.matcher(keyPrefix).matches()) {
            throw new FxConfigurationException(LimitsRedisConfiguration.PREFIX + ".key-prefix must be 1 to 64 printable"
                + " ASCII characters without spaces, not '" + keyPrefix + "'");
        }
        this.connectTimeout = configuration.getConnectTimeout();
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new FxConfigurationException(LimitsRedisConfiguration.PREFIX + ".connect-timeout must be positive");
        }
        AbstractRedisConfiguration settings;
        Optional<String> server = configuration.getServer();
        if (server.isPresent()) {
            this.name = "redis.servers." + server.get();
            settings = servers.stream().filter(entry -> server.get().equals(entry.getName())).findFirst()
                .orElseThrow(() -> new FxConfigurationException(LimitsRedisConfiguration.PREFIX + ".server names '"
                    + server.get() + "', but " + name + " is not configured"));
        } else {
            this.name = "redis";
            settings = defaultServer.orElseThrow(() -> new FxConfigurationException("the limits module uses Redis,"
                + " but none is configured: set redis.uri, or name a redis.servers entry in "
                + LimitsRedisConfiguration.PREFIX + ".server"));
        }
        if (!settings.getUris().isEmpty()) {
            throw new FxConfigurationException(name + ".uris (Redis Cluster) is not supported by the limits module;"
                + " set " + name + ".uri");
        }
        this.uri = settings.getUri().orElse(settings);
    }

    /** @return what every key starts with */
    public String keyPrefix() {
        return keyPrefix;
    }

    /** Starts connecting unless connected or an attempt is under way; does not wait. */
    public void warmUp() {
        current();
    }

    /**
     * Runs one command within the timeout, connecting first if needed.
     *
     * @param timeout the longest wait, connecting included
     * @param what    the command, for messages
     * @param command issues it
     * @param <T>     its result
     * @return its result
     * @throws LimitsBackendException when Redis cannot answer in time or the command fails
     */
    public <T> T execute(Duration timeout, String what,
                         java.util.function.Function<StatefulRedisConnection<String, byte[]>,
                             ? extends CompletionStage<T>> command) {
        long deadline = System.nanoTime() + timeout.toNanos();
        StatefulRedisConnection<String, byte[]> connected = await(current(), timeout, what);
        Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
        CompletableFuture<T> result;
        try {
            result = command.apply(connected).toCompletableFuture();
        } catch (RuntimeException e) {
            throw new LimitsBackendException("Redis " + what + " failed: " + e, e);
        }
        return await(result, left, what);
    }

    /**
     * Starts one command, connecting first if needed, without waiting for it.
     *
     * @param timeout the longest the whole may take before the result fails
     * @param command issues the command
     * @param <T>     its result
     * @return its result, to come; failed with a {@link LimitsBackendException} when Redis cannot answer in time
     */
    public <T> CompletableFuture<T> submit(Duration timeout,
                                           java.util.function.Function<StatefulRedisConnection<String, byte[]>,
                                               ? extends CompletionStage<T>> command) {
        CompletableFuture<T> result;
        try {
            result = current().thenCompose(command).toCompletableFuture();
        } catch (RuntimeException e) {
            result = CompletableFuture.failedFuture(e);
        }
        return result.orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private synchronized RedisClient client() {
        if (closed) {
            throw new IllegalStateException("the limits module's Redis client is closed");
        }
        if (client == null) {
            resources = ClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ofMillis(100), Duration.ofSeconds(2), 2,
                    TimeUnit.MILLISECONDS))
                .build();
            client = RedisClient.create(resources);
            client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).keepAlive(true).build())
                .build());
        }
        return client;
    }

    private CompletableFuture<StatefulRedisConnection<String, byte[]>> current() {
        while (true) {
            CompletableFuture<StatefulRedisConnection<String, byte[]>> attempt = connection.get();
            if (attempt != null && (!attempt.isCompletedExceptionally() || System.nanoTime() - failedAt < RETRY_NANOS)) {
                return attempt;
            }
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("closed"));
            }
            CompletableFuture<StatefulRedisConnection<String, byte[]>> fresh = new CompletableFuture<>();
            if (connection.compareAndSet(attempt, fresh)) {
                connect(fresh);
                return fresh;
            }
        }
    }

    private void connect(CompletableFuture<StatefulRedisConnection<String, byte[]>> attempt) {
        CompletionStage<StatefulRedisConnection<String, byte[]>> connecting;
        try {
            connecting = client().connectAsync(CODEC, uri);
        } catch (RuntimeException e) {
            connecting = CompletableFuture.failedFuture(e);
        }
        connecting.whenComplete((connected, failure) -> {
            if (failure != null) {
                failedAt = System.nanoTime();
                if (down.compareAndSet(false, true)) {
                    LOG.warn("Limits: cannot connect to Redis ({}): {}", name, failure.toString());
                }
                attempt.completeExceptionally(failure);
                return;
            }
            if (down.getAndSet(false)) {
                LOG.info("Limits: connected to Redis ({})", name);
            }
            attempt.complete(connected);
            if (closed) {
                connected.closeAsync();
            }
        });
    }

    private static <T> T await(CompletableFuture<T> future, Duration timeout, String what) {
        try {
            return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new LimitsBackendException("Redis " + what + " did not answer within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LimitsBackendException("interrupted while waiting for Redis " + what, e);
        } catch (ExecutionException e) {
            throw new LimitsBackendException("Redis " + what + " failed: " + e.getCause(), e.getCause());
        }
    }

    /** Closes the connection and the client's threads. */
    @PreDestroy
    synchronized void close() {
        closed = true;
        connection.set(null);
        if (client == null) {
            return;
        }
        // Lettuce's blocking shutdown waits for the connections' close without a bound: each step is bounded here.
        BoundedStop.await(client.shutdownAsync(0, SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS), STOP_WAIT, LOG,
            "Limits: the Redis client");
        BoundedStop.await(resources.shutdown(0, SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS), STOP_WAIT, LOG,
            "Limits: the Redis client threads");
    }
}
