package io.fx.micronaut.security.revocation.redis;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.lifecycle.BoundedStop;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.RevocationUnavailableException;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * The store's one Redis connection, made lazily on a Lettuce client of its own. Nothing connects while the
 * application starts; the first command (or the readiness check) starts an attempt that concurrent callers
 * share; a failed attempt is retried by the first command 200 ms or more after it (those in between fail at
 * once, so an outage does not turn every request into a connection attempt). Once connected, Lettuce reconnects
 * by itself (backing off from 100 ms to 2 s) and meanwhile rejects commands at once instead of queueing them. Every
 * command, connecting included, is bounded by {@code fx.security.revocation.timeout}; any failure becomes a
 * {@link RevocationUnavailableException}. The Redis store's revocations and its login failure counts
 * ({@code io.fx.micronaut.security.login}) share it.
 */
@Internal
@Singleton
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.REDIS)
public final class RedisConnector {

    private static final Logger LOG = LoggerFactory.getLogger(RedisConnector.class);
    private static final Duration RECONNECT_MIN = Duration.ofMillis(100);
    private static final Duration RECONNECT_MAX = Duration.ofSeconds(2);
    private static final Duration SHUTDOWN = Duration.ofSeconds(2);
    /** How long each shutdown step is waited for: Lettuce's own timeout, and a margin. */
    private static final Duration STOP_WAIT = SHUTDOWN.plusSeconds(1);
    /** After a failed attempt, callers fail at once for this long instead of starting another one. */
    private static final long RETRY_NANOS = Duration.ofMillis(200).toNanos();

    private final RedisTarget target;
    private final long timeoutNanos;
    private final Duration timeout;
    private final AtomicReference<CompletableFuture<StatefulRedisConnection<String, String>>> connection =
        new AtomicReference<>();
    private final AtomicBoolean down = new AtomicBoolean();
    /** Made with the first connection attempt, so a startup that fails later leaves no threads behind. */
    private ClientResources resources;
    private RedisClient client;
    private volatile long failedAt;
    private volatile boolean closed;

    RedisConnector(RevocationConfiguration revocation, RedisRevocationConfiguration redis,
                   Optional<DefaultRedisConfiguration> defaultServer, List<NamedRedisServersConfiguration> servers) {
        this.timeout = revocation.getTimeout();
        if (timeout.isNegative() || timeout.isZero()) {
            throw new FxConfigurationException(RevocationConfiguration.PREFIX
                + ".timeout must be positive, not " + timeout);
        }
        this.timeoutNanos = timeout.toNanos();
        this.target = RedisTarget.resolve(redis.getServer(), defaultServer, servers, timeout);
    }

    private synchronized RedisClient client() {
        if (closed) {
            throw new IllegalStateException("the revocation store is closed");
        }
        if (client == null) {
            resources = resources(target);
            client = RedisClient.create(resources);
            client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(timeout).keepAlive(true).build())
                .timeoutOptions(TimeoutOptions.enabled(timeout))
                .build());
        }
        return client;
    }

    private static ClientResources resources(RedisTarget target) {
        ClientResources.Builder builder = ClientResources.builder()
            .reconnectDelay(Delay.exponential(RECONNECT_MIN, RECONNECT_MAX, 2, TimeUnit.MILLISECONDS));
        if (target.settings().getIoThreadPoolSize() != null) {
            builder.ioThreadPoolSize(target.settings().getIoThreadPoolSize());
        }
        if (target.settings().getComputationThreadPoolSize() != null) {
            builder.computationThreadPoolSize(target.settings().getComputationThreadPoolSize());
        }
        return builder.build();
    }

    /** Starts connecting unless connected or an attempt is under way; does not wait. */
    void warmUp() {
        current();
    }

    /**
     * Runs one command within the timeout, connecting first if needed.
     *
     * @param what    the command, for messages
     * @param command issues the command
     * @param <T>     its result
     * @return its result
     * @throws RevocationUnavailableException when Redis cannot answer in time
     */
    public <T> T execute(String what, Function<RedisAsyncCommands<String, String>, ? extends CompletionStage<T>> command) {
        long deadline = System.nanoTime() + timeoutNanos;
        StatefulRedisConnection<String, String> connected = await(current(), deadline, what, false);
        return await(command.apply(connected.async()).toCompletableFuture(), deadline, what, true);
    }

    /**
     * Starts one command, connecting first if needed, without waiting for it. The result completes
     * exceptionally when Redis cannot be reached or the command fails; Lettuce's own timeout (the store's)
     * bounds the command, and the caller bounds the whole.
     *
     * @param command issues the command
     * @param <T>     its result
     * @return its result, to come
     */
    <T> CompletableFuture<T> submit(Function<RedisAsyncCommands<String, String>, ? extends CompletionStage<T>> command) {
        return current().thenCompose(connected -> command.apply(connected.async()));
    }

    private CompletableFuture<StatefulRedisConnection<String, String>> current() {
        while (true) {
            CompletableFuture<StatefulRedisConnection<String, String>> attempt = connection.get();
            if (attempt != null && (!attempt.isCompletedExceptionally() || failedRecently())) {
                return attempt;
            }
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("the revocation store is closed"));
            }
            CompletableFuture<StatefulRedisConnection<String, String>> fresh = new CompletableFuture<>();
            if (connection.compareAndSet(attempt, fresh)) {
                connect(fresh);
                return fresh;
            }
        }
    }

    private boolean failedRecently() {
        return System.nanoTime() - failedAt < RETRY_NANOS;
    }

    private void connect(CompletableFuture<StatefulRedisConnection<String, String>> attempt) {
        CompletionStage<StatefulRedisConnection<String, String>> connecting;
        try {
            connecting = client().connectAsync(StringCodec.UTF8, target.uri());
        } catch (RuntimeException e) {
            connecting = CompletableFuture.failedFuture(e);
        }
        connecting.whenComplete((connected, failure) -> {
            if (failure != null) {
                failedAt = System.nanoTime();
                if (down.compareAndSet(false, true)) {
                    LOG.warn("Revocation store: cannot connect to Redis ({}): {}", target.name(), failure.toString());
                } else {
                    LOG.debug("Revocation store: still cannot connect to Redis ({}): {}", target.name(), failure.toString());
                }
                attempt.completeExceptionally(failure);
                return;
            }
            if (down.getAndSet(false)) {
                LOG.info("Revocation store: connected to Redis ({})", target.name());
            }
            attempt.complete(connected);
            if (closed) {
                connected.closeAsync();
            }
        });
    }

    private <T> T await(CompletableFuture<T> future, long deadline, String what, boolean cancel) {
        try {
            return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            if (cancel) {
                future.cancel(true);
            }
            throw new RevocationUnavailableException("Redis " + what + " did not answer within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RevocationUnavailableException("interrupted while waiting for Redis " + what, e);
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new RevocationUnavailableException("Redis " + what + " failed: " + cause, cause);
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
            "Revocation store: the Redis client");
        BoundedStop.await(resources.shutdown(0, SHUTDOWN.toMillis(), TimeUnit.MILLISECONDS), STOP_WAIT, LOG,
            "Revocation store: the Redis client threads");
    }
}
