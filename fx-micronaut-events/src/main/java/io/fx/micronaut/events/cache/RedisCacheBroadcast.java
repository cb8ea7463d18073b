package io.fx.micronaut.events.cache;

import io.fx.micronaut.events.redis.RedisServers;
import io.fx.micronaut.events.redis.RedisShutdown;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The Redis broadcast ({@code fx.cache.broadcast: redis}): publishes the keys this instance dropped on the
 * channel ({@code PUBLISH fx:cache:invalidate <json>}) and drops the keys other instances publish there from its
 * own caches, skipping its own messages (each instance has an id of its own). Both connections are its own, on a
 * Lettuce client of its own, to {@code redis.uri} or the {@code redis.servers} entry {@code fx.cache.server}
 * names. The subscription is made at startup without waiting for it: while Redis cannot be reached it is tried
 * again every {@code retry-interval}, and Lettuce subscribes again after a lost connection. The publishing
 * connection is made on the first publish. A failed publish is logged and changes nothing else: the write has
 * committed and this instance's cache is already invalidated.
 */
@Context
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
@Requires(property = CacheInvalidationConfiguration.PREFIX + ".broadcast", value = "redis")
final class RedisCacheBroadcast implements CacheBroadcast {

    private static final Logger LOG = LoggerFactory.getLogger(RedisCacheBroadcast.class);
    private static final Argument<Map<String, Object>> JSON = Argument.mapOf(String.class, Object.class);

    private final String origin = UUID.randomUUID().toString();
    private final String channel;
    private final Duration timeout;
    private final Duration retryInterval;
    private final RedisURI uri;
    private final LocalCaches local;
    private final JsonMapper json;
    private final TaskScheduler scheduler;
    private final RedisClient client;
    private CompletableFuture<StatefulRedisConnection<String, String>> connection;
    private StatefulRedisPubSubConnection<String, String> subscription;
    private boolean closed;
    private boolean failing;

    RedisCacheBroadcast(CacheInvalidationConfiguration configuration, Optional<DefaultRedisConfiguration> defaultServer,
                        List<NamedRedisServersConfiguration> servers, LocalCaches local, JsonMapper json,
                        @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.channel = configuration.getChannel();
        this.timeout = configuration.getTimeout();
        this.retryInterval = configuration.getRetryInterval();
        this.uri = resolve(configuration, defaultServer, servers);
        this.local = local;
        this.json = json;
        this.scheduler = scheduler;
        this.client = RedisClient.create();
        client.setOptions(ClientOptions.builder()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .socketOptions(SocketOptions.builder().connectTimeout(timeout).build())
            .timeoutOptions(TimeoutOptions.enabled(timeout))
            .build());
        subscribe();
    }

    private static RedisURI resolve(CacheInvalidationConfiguration configuration,
                                    Optional<DefaultRedisConfiguration> defaultServer,
                                    List<NamedRedisServersConfiguration> servers) {
        RedisURI source = RedisServers.resolve(configuration.getServer(),
            CacheInvalidationConfiguration.PREFIX + ".server",
            CacheInvalidationConfiguration.PREFIX + ".broadcast is redis, but no Redis is configured", defaultServer,
            servers);
        return RedisURI.builder(source).withTimeout(configuration.getTimeout()).build();
    }

    /** @return this instance's id in the messages */
    String origin() {
        return origin;
    }

    private synchronized void subscribe() {
        if (closed) {
            return;
        }
        client.connectPubSubAsync(StringCodec.UTF8, uri).toCompletableFuture()
            .thenCompose(pubSub -> {
                pubSub.addListener(new RedisPubSubAdapter<>() {
                    @Override
                    public void message(String from, String message) {
                        if (channel.equals(from)) {
                            received(message);
                        }
                    }
                });
                synchronized (this) {
                    if (closed) {
                        pubSub.closeAsync();
                        return CompletableFuture.completedFuture(null);
                    }
                    subscription = pubSub;
                }
                return pubSub.async().subscribe(channel).toCompletableFuture();
            })
            .whenComplete((ignored, error) -> subscribed(error));
    }

    /** Logs the first failure of a run of them at WARN, the rest at DEBUG, and the recovery at INFO. */
    private synchronized void subscribed(Throwable error) {
        if (error == null) {
            if (failing) {
                LOG.info("Cache invalidation: subscribed to Redis channel {}", channel);
            }
            failing = false;
            return;
        }
        if (failing) {
            LOG.debug("Cache invalidation: could not subscribe to Redis channel {} ({}); trying again in {}", channel,
                rootMessage(error), retryInterval);
        } else {
            LOG.warn("Cache invalidation: could not subscribe to Redis channel {} ({}); trying again every {}: until "
                + "then other replicas' writes leave this instance's caches as they are", channel, rootMessage(error),
                retryInterval);
        }
        failing = true;
        retrySubscribe();
    }

    private synchronized void retrySubscribe() {
        if (closed) {
            return;
        }
        if (subscription != null) {
            subscription.closeAsync();
            subscription = null;
        }
        scheduler.schedule(retryInterval, this::subscribe);
    }

    private void received(String message) {
        Optional<BroadcastMessage> parsed;
        try {
            parsed = BroadcastMessage.fromJson(json.readValue(message, JSON));
        } catch (IOException | RuntimeException e) {
            parsed = Optional.empty();
        }
        if (parsed.isEmpty()) {
            LOG.warn("Cache invalidation: a message on {} is not one; ignored", channel);
            return;
        }
        BroadcastMessage broadcast = parsed.get();
        if (origin.equals(broadcast.origin())) {
            return;
        }
        try {
            local.drop(broadcast.cacheName(), broadcast.keys(), true);
        } catch (RuntimeException e) {
            LOG.warn("Cache invalidation: dropping {} key(s) of cache {} sent by another replica failed",
                broadcast.keys().size(), broadcast.cacheName(), e);
        }
    }

    @Override
    public void publish(String cacheName, List<Object> keys) {
        List<Object> sendable = keys.stream().filter(BroadcastMessage::isBroadcastable).toList();
        if (sendable.size() < keys.size()) {
            LOG.warn("Cache invalidation: {} key(s) of cache {} are not a String, Long, Integer, UUID or Boolean and "
                + "are not broadcast", keys.size() - sendable.size(), cacheName);
        }
        if (sendable.isEmpty()) {
            return;
        }
        String message;
        try {
            message = json.writeValueAsString(new BroadcastMessage(origin, cacheName, sendable).toJson());
        } catch (IOException e) {
            LOG.warn("Cache invalidation: the keys of cache {} could not be written as JSON", cacheName, e);
            return;
        }
        connection()
            .thenCompose(redis -> redis.async().publish(channel, message).toCompletableFuture())
            .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .whenComplete((receivers, error) -> {
                if (error != null) {
                    LOG.warn("Cache invalidation: {} key(s) of cache {} could not be broadcast on Redis channel {}: {}",
                        sendable.size(), cacheName, channel, rootMessage(error));
                }
            });
    }

    /** The publishing connection, made on first use; a failed attempt is forgotten so the next publish tries again. */
    private synchronized CompletableFuture<StatefulRedisConnection<String, String>> connection() {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("the cache broadcast is closed"));
        }
        if (connection == null || connection.isCompletedExceptionally()) {
            connection = client.connectAsync(StringCodec.UTF8, uri).toCompletableFuture();
        }
        return connection;
    }

    private static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }

    @PreDestroy
    synchronized void close() {
        closed = true;
        RedisShutdown.shutdown(client, null, "The Redis cache broadcast");
    }
}
