package io.fx.micronaut.examples.events;

import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the blog's event variables to the events module's settings when {@code BLOG_EVENTS=true}: the source
 * ({@code BLOG_EVENTS_SOURCE}, {@code /blog}), and a destination per broker whose address is set:
 * Redis Streams ({@code BLOG_REDIS_URL}, {@code BLOG_EVENTS_STREAM}), NATS JetStream ({@code BLOG_NATS_URL},
 * {@code BLOG_EVENTS_SUBJECT_PREFIX}, {@code BLOG_EVENTS_NATS_STREAM}), RabbitMQ ({@code BLOG_RABBITMQ_URI},
 * {@code BLOG_EVENTS_EXCHANGE}) and Kafka ({@code BLOG_KAFKA_BOOTSTRAP}, {@code BLOG_EVENTS_TOPIC}).
 *
 * @since 0.7.0
 */
public final class EventVariables {

    private EventVariables() {
    }

    /**
     * @param builder     the blog's context builder
     * @param environment the environment variables
     * @throws IllegalStateException when {@code BLOG_EVENTS} is neither {@code true} nor {@code false}
     */
    public static void apply(@NonNull ApplicationContextBuilder builder, @NonNull Map<String, String> environment) {
        String events = environment.getOrDefault("BLOG_EVENTS", "false").trim();
        if (!events.equals("true") && !events.equals("false")) {
            throw new IllegalStateException("BLOG_EVENTS is true or false, not '" + events + "'");
        }
        if (events.equals("false")) {
            return;
        }
        Map<String, Object> properties = new HashMap<>();
        properties.put("blog.events", "true");
        properties.put("fx.events.source", environment.getOrDefault("BLOG_EVENTS_SOURCE", "/blog"));
        String redis = environment.get("BLOG_REDIS_URL");
        if (redis != null) {
            properties.put("redis.uri", redis);
            properties.put("fx.events.redis.enabled", "true");
            properties.put("fx.events.redis.stream", environment.getOrDefault("BLOG_EVENTS_STREAM", "fx.events"));
        }
        String nats = environment.get("BLOG_NATS_URL");
        if (nats != null) {
            properties.put("nats.default.addresses", List.of(nats));
            properties.put("fx.events.nats.enabled", "true");
            properties.put("fx.events.nats.subject-prefix",
                environment.getOrDefault("BLOG_EVENTS_SUBJECT_PREFIX", "fx.events"));
            properties.put("fx.events.nats.stream", environment.getOrDefault("BLOG_EVENTS_NATS_STREAM", "FX_EVENTS"));
        }
        String rabbit = environment.get("BLOG_RABBITMQ_URI");
        if (rabbit != null) {
            properties.put("rabbitmq.uri", rabbit);
            properties.put("fx.events.rabbitmq.enabled", "true");
            properties.put("fx.events.rabbitmq.exchange", environment.getOrDefault("BLOG_EVENTS_EXCHANGE", "fx.events"));
        }
        String kafka = environment.get("BLOG_KAFKA_BOOTSTRAP");
        if (kafka != null) {
            properties.put("kafka.bootstrap.servers", kafka);
            properties.put("fx.events.kafka.enabled", "true");
            properties.put("fx.events.kafka.topic", environment.getOrDefault("BLOG_EVENTS_TOPIC", "fx.events"));
        }
        builder.properties(properties);
    }
}
