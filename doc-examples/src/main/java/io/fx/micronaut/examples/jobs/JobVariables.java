package io.fx.micronaut.examples.jobs;

import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the blog's job variables: {@code BLOG_JOBS} ({@code memory}, the default, or {@code redis} on
 * {@code BLOG_REDIS_URL} under the key prefix {@code BLOG_JOBS_PREFIX}, default {@code blog:jobs}),
 * {@code BLOG_JOBS_BACKOFF} (the delay before the first retry, {@code fx.jobs.initial-backoff}, default 1s) and
 * {@code BLOG_JOBS_MAX_ATTEMPTS} ({@code fx.jobs.max-attempts}, default 5); and {@code BLOG_ADMIN_TOKEN}, which
 * turns on the admin routes of {@link AdminJobs}.
 *
 * @since 0.8.0
 */
public final class JobVariables {

    /** The property {@code BLOG_ADMIN_TOKEN} sets. */
    public static final String ADMIN_TOKEN = "blog.admin-token";
    /** Variables that may not be set empty. */
    public static final List<String> REQUIRED_VALUES = List.of("BLOG_JOBS", "BLOG_JOBS_PREFIX", "BLOG_JOBS_BACKOFF",
        "BLOG_JOBS_MAX_ATTEMPTS", "BLOG_ADMIN_TOKEN");

    private JobVariables() {
    }

    /**
     * @param builder     the blog's context builder
     * @param environment the environment variables
     * @throws IllegalStateException when {@code BLOG_JOBS} is neither {@code memory} nor {@code redis}, or
     *     {@code redis} without {@code BLOG_REDIS_URL}
     */
    public static void apply(@NonNull ApplicationContextBuilder builder, @NonNull Map<String, String> environment) {
        Map<String, Object> properties = new HashMap<>();
        String store = environment.getOrDefault("BLOG_JOBS", "memory").strip();
        if (!store.equals("memory") && !store.equals("redis")) {
            throw new IllegalStateException("BLOG_JOBS is memory or redis, not '" + store + "'");
        }
        properties.put("fx.jobs.store", store);
        if (store.equals("redis")) {
            String redis = environment.get("BLOG_REDIS_URL");
            if (redis == null || redis.isBlank()) {
                throw new IllegalStateException("BLOG_JOBS=redis needs BLOG_REDIS_URL");
            }
            properties.put("redis.uri", redis);
            properties.put("fx.jobs.prefix", environment.getOrDefault("BLOG_JOBS_PREFIX", "blog:jobs"));
        }
        if (environment.containsKey("BLOG_JOBS_BACKOFF")) {
            properties.put("fx.jobs.initial-backoff", environment.get("BLOG_JOBS_BACKOFF").strip());
        }
        if (environment.containsKey("BLOG_JOBS_MAX_ATTEMPTS")) {
            properties.put("fx.jobs.max-attempts", environment.get("BLOG_JOBS_MAX_ATTEMPTS").strip());
        }
        if (environment.containsKey("BLOG_ADMIN_TOKEN")) {
            properties.put(ADMIN_TOKEN, environment.get("BLOG_ADMIN_TOKEN"));
        }
        builder.properties(properties);
    }
}
