package io.fx.micronaut.events.redis;

import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventsConfiguration;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.XAddArgs;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The Redis destination ({@code fx.events.redis.enabled: true}): each event is appended to a stream,
 * {@code XADD <stream> MAXLEN ~ <max-length> * id <id> type <type> event <json>}, whose reply is the
 * acknowledgement. A stream, unlike Pub/Sub, keeps what nobody is reading yet, replays, and serves consumer
 * groups. It connects on its first event, on a Lettuce client of its own, to {@code redis.uri} or the
 * {@code redis.servers} entry {@code fx.events.redis.server} names: the application starts while Redis is down,
 * and an outage only fails attempts, which the relay retries.
 *
 * @since 0.7.0
 */
@Singleton
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
@Requires(property = RedisEventsConfiguration.ENABLED, value = "true")
public final class RedisStreamPublisher implements EventDestination {

    private final RedisEventsConfiguration configuration;
    private final XAddArgs trim;
    private final LazyRedisConnection connection;

    RedisStreamPublisher(RedisEventsConfiguration configuration, EventsConfiguration events,
                         Optional<DefaultRedisConfiguration> defaultServer,
                         List<NamedRedisServersConfiguration> servers) {
        this.configuration = configuration;
        this.connection = new LazyRedisConnection(resolve(configuration, defaultServer, servers,
            events.getPublishTimeout()), "the Redis publisher", LazyRedisConnection.quickReconnect());
        this.trim = new XAddArgs().maxlen(configuration.getMaxLength()).approximateTrimming(true);
    }

    private static RedisURI resolve(RedisEventsConfiguration configuration,
                                    Optional<DefaultRedisConfiguration> defaultServer,
                                    List<NamedRedisServersConfiguration> servers, Duration timeout) {
        RedisURI source = RedisServers.resolve(configuration.getServer(), RedisEventsConfiguration.PREFIX + ".server",
            RedisEventsConfiguration.ENABLED + " is true, but no Redis is configured", defaultServer, servers);
        return RedisURI.builder(source).withTimeout(timeout).build();
    }

    @Override
    @NonNull
    public String name() {
        return configuration.getName();
    }

    @Override
    @NonNull
    public List<String> patterns() {
        return configuration.getPatterns();
    }

    @Override
    @NonNull
    public CompletionStage<Void> deliver(@NonNull EventMessage event) {
        Map<String, String> body = new LinkedHashMap<>(4);
        body.put("id", event.id());
        body.put("type", event.type());
        body.put("event", new String(event.json(), StandardCharsets.UTF_8));
        return connection.get().thenCompose(redis -> redis.async().xadd(configuration.getStream(), trim, body))
            .thenApply(reply -> null);
    }

    @PreDestroy
    void close() {
        connection.close();
    }
}
