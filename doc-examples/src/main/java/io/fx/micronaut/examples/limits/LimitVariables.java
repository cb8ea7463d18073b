package io.fx.micronaut.examples.limits;

import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps the blog's limit variables onto the limits module's settings, each only when set: body sizes
 * ({@code BLOG_COMMENT_MAX_BODY}, {@code BLOG_POST_MAX_BODY}, bytes, registered by {@link BlogBodyLimits}); a rate
 * limit policy {@code blog} on every generated operation of every model, keyed by principal or address
 * ({@code BLOG_RATE_LIMIT} requests per {@code BLOG_RATE_LIMIT_WINDOW}, {@code 1m} by default, in
 * {@code BLOG_RATE_LIMIT_BACKEND} {@code memory} or {@code redis}); idempotent creates ({@code BLOG_IDEMPOTENCY}
 * {@code memory} or {@code redis}, {@code BLOG_IDEMPOTENCY_TTL}, {@code BLOG_IDEMPOTENCY_REQUIRED} model names that
 * must send the header); the Redis key prefix ({@code BLOG_REDIS_PREFIX}; the address is {@code BLOG_REDIS_URL});
 * the proxies whose forwarding headers count ({@code BLOG_TRUSTED_PROXIES}, CIDRs).
 *
 * @since 0.7.0
 */
public final class LimitVariables {

    /** Variables that may not be set empty. */
    public static final List<String> REQUIRED_VALUES = List.of("BLOG_COMMENT_MAX_BODY", "BLOG_POST_MAX_BODY",
        "BLOG_RATE_LIMIT", "BLOG_RATE_LIMIT_WINDOW", "BLOG_RATE_LIMIT_BACKEND", "BLOG_IDEMPOTENCY",
        "BLOG_IDEMPOTENCY_TTL", "BLOG_REDIS_PREFIX", "BLOG_TRUSTED_PROXIES");

    private static final Set<String> BACKENDS = Set.of("memory", "redis");

    private LimitVariables() {
    }

    /**
     * @param builder     the blog's context builder
     * @param environment the environment variables
     * @throws IllegalStateException naming the variable when one holds a value it cannot take
     */
    public static void apply(@NonNull ApplicationContextBuilder builder, @NonNull Map<String, String> environment) {
        Map<String, Object> properties = new HashMap<>();
        // tag::limit-variables[]
        bytes(environment, "BLOG_COMMENT_MAX_BODY", BlogBodyLimits.COMMENT, properties);
        bytes(environment, "BLOG_POST_MAX_BODY", BlogBodyLimits.POST, properties);
        String rateLimit = environment.get("BLOG_RATE_LIMIT");
        if (rateLimit != null) {
            properties.put("fx.rate-limit.policies.blog.limit", positive("BLOG_RATE_LIMIT", rateLimit));
            properties.put("fx.rate-limit.policies.blog.window", environment.getOrDefault("BLOG_RATE_LIMIT_WINDOW", "1m"));
            properties.put("fx.rate-limit.backend", choice(environment, "BLOG_RATE_LIMIT_BACKEND", "memory"));
        }
        String idempotency = environment.get("BLOG_IDEMPOTENCY");
        if (idempotency != null) {
            properties.put("fx.idempotency.store", choice(environment, "BLOG_IDEMPOTENCY", "memory"));
            properties.put("fx.idempotency.ttl", environment.getOrDefault("BLOG_IDEMPOTENCY_TTL", "24h"));
            String required = environment.get("BLOG_IDEMPOTENCY_REQUIRED");
            if (required != null && !required.isBlank()) {
                properties.put("fx.idempotency.header-required", list(required));
            }
        }
        String prefix = environment.get("BLOG_REDIS_PREFIX");
        if (prefix != null) {
            properties.put("fx.limits.redis.key-prefix", prefix);
        }
        String proxies = environment.get("BLOG_TRUSTED_PROXIES");
        if (proxies != null) {
            properties.put("fx.client-ip.trusted-proxies", list(proxies));
        }
        // end::limit-variables[]
        builder.properties(properties);
    }

    private static void bytes(Map<String, String> environment, String name, String property,
                              Map<String, Object> properties) {
        String value = environment.get(name);
        if (value != null) {
            properties.put(property, positive(name, value));
        }
    }

    private static long positive(String name, String value) {
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalStateException(name + " is a positive whole number, not '" + value + "'");
    }

    private static String choice(Map<String, String> environment, String name, String fallback) {
        String value = environment.getOrDefault(name, fallback).trim();
        if (!BACKENDS.contains(value)) {
            throw new IllegalStateException(name + " is memory or redis, not '" + value + "'");
        }
        return value;
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
