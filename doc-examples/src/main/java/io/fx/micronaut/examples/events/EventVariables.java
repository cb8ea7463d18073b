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
 * {@code BLOG_EVENTS_EXCHANGE}) and Kafka ({@code BLOG_KAFKA_BOOTSTRAP}, {@code BLOG_EVENTS_TOPIC}); and the
 * webhook {@code blog} when {@code BLOG_WEBHOOK_URL} is set ({@code BLOG_WEBHOOK_SECRET}, {@code BLOG_WEBHOOK_EVENTS}
 * patterns, {@code BLOG_WEBHOOK_ALLOWED_NETWORKS} CIDRs, {@code BLOG_WEBHOOK_RETRY} delays). Apart from events,
 * {@code BLOG_AUDIT_SINK} ({@code log} or {@code redis}, with {@code BLOG_AUDIT_STREAM}) audits every model's writes
 * with their changes and the reads of posts. Without {@code BLOG_KAFKA_BOOTSTRAP} the blog has no Kafka, and
 * micronaut-kafka's health indicator is off.
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
        audit(builder, environment);
        if (!environment.containsKey("BLOG_KAFKA_BOOTSTRAP")) {
            // micronaut-kafka's health indicator would otherwise open an admin client to localhost:9092, which
            // the health monitor calls every minute and which retries the absent broker in between
            builder.properties(Map.of("kafka.health.enabled", "false"));
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
        // tag::webhook-variables[]
        String webhook = environment.get("BLOG_WEBHOOK_URL");
        if (webhook != null) {
            String hook = "fx.events.webhooks.blog.";
            properties.put(hook + "url", webhook);
            properties.put(hook + "secrets", List.of(required(environment, "BLOG_WEBHOOK_SECRET")));
            properties.put(hook + "patterns", list(environment.getOrDefault("BLOG_WEBHOOK_EVENTS", "*")));
            if (environment.containsKey("BLOG_WEBHOOK_ALLOWED_NETWORKS")) {
                properties.put(hook + "allowed-networks", list(environment.get("BLOG_WEBHOOK_ALLOWED_NETWORKS")));
            }
            if (environment.containsKey("BLOG_WEBHOOK_RETRY")) {
                properties.put(hook + "retry-schedule", list(environment.get("BLOG_WEBHOOK_RETRY")));
            }
        }
        // end::webhook-variables[]
        builder.properties(properties);
    }

    /** {@code BLOG_AUDIT_SINK}: write audit with changes on every model, read audit on posts. */
    private static void audit(ApplicationContextBuilder builder, Map<String, String> environment) {
        String sink = environment.get("BLOG_AUDIT_SINK");
        if (sink == null) {
            return;
        }
        if (!sink.equals("log") && !sink.equals("redis")) {
            throw new IllegalStateException("BLOG_AUDIT_SINK is log or redis, not '" + sink + "'");
        }
        Map<String, Object> properties = new HashMap<>();
        properties.put("fx.audit.write.models", "*");
        properties.put("fx.audit.write.changes", "true");
        properties.put("fx.audit.write.sink", sink);
        properties.put("fx.audit.read.models", "Post");
        properties.put("fx.audit.read.sink", sink);
        if (sink.equals("redis")) {
            properties.put("redis.uri", required(environment, "BLOG_REDIS_URL"));
            properties.put("fx.audit.redis.stream", environment.getOrDefault("BLOG_AUDIT_STREAM", "blog.audit"));
        }
        builder.properties(properties);
    }

    private static String required(Map<String, String> environment, String name) {
        String value = environment.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " must be set with the variables that need it");
        }
        return value;
    }

    private static List<String> list(String value) {
        return java.util.Arrays.stream(value.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
    }
}
