package io.fx.micronaut.examples.blog;

import io.micronaut.context.ApplicationContextBuilder;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blog's variables for logging in, revocation, sessions, CSRF and cross-origin calls, checked and mapped
 * onto configuration by {@link BlogApplication#configure}. Those with a default are mapped in
 * {@code application-jwt.yml} ({@code BLOG_TOKEN_TTL}, {@code BLOG_SESSIONS}, {@code BLOG_COOKIE_SECURE},
 * {@code BLOG_CSRF}, {@code BLOG_CSRF_ENFORCE_BEARER}) and only checked here; the others become properties
 * here, and only when set.
 */
final class SessionVariables {

    /** The environment {@code BLOG_CORS_ORIGINS} adds ({@code application-cors.yml}). */
    static final String CORS_ENVIRONMENT = "cors";
    /** Variables that may not be set empty. */
    static final List<String> REQUIRED_VALUES = List.of("BLOG_DEMO_USERS", "BLOG_TOKEN_TTL", "BLOG_REVOCATION",
        "BLOG_REDIS_URL", "BLOG_SESSIONS", "BLOG_COOKIE_SECURE", "BLOG_CSRF", "BLOG_CSRF_SECRET",
        "BLOG_CSRF_ENFORCE_BEARER", "BLOG_CORS_ORIGINS");

    private static final Map<String, Set<String>> CHOICES = Map.of(
        "BLOG_REVOCATION", Set.of("memory", "redis", "sql"),
        "BLOG_SESSIONS", Set.of("true", "false"),
        "BLOG_COOKIE_SECURE", Set.of("true", "false"),
        "BLOG_CSRF", Set.of("off", "double-submit", "signed"),
        "BLOG_CSRF_ENFORCE_BEARER", Set.of("true", "false"));

    private SessionVariables() {
    }

    /**
     * @param builder     the context builder
     * @param environment the environment variables
     * @throws IllegalStateException naming the variable when one holds a value it cannot take
     */
    static void apply(ApplicationContextBuilder builder, Map<String, String> environment) {
        check(environment);
        Map<String, Object> properties = new HashMap<>();
        // tag::session-variables[]
        String users = environment.get("BLOG_DEMO_USERS");
        if (users != null) {
            properties.put(BlogLogin.USERS, users);                     // POST /api/login (BlogLogin)
        }
        map(environment, "BLOG_REVOCATION", "fx.security.revocation.store", properties);
        map(environment, "BLOG_REDIS_URL", "redis.uri", properties);
        map(environment, "BLOG_REVOCATION_TABLE_PREFIX", "fx.security.revocation.sql.table-prefix", properties);
        map(environment, "BLOG_CSRF_SECRET", "fx.security.csrf.secret", properties);
        String csrfOrigins = environment.get("BLOG_CSRF_ORIGINS");
        if (csrfOrigins != null && !csrfOrigins.isBlank()) {
            properties.put("fx.security.csrf.allowed-origins", list(csrfOrigins));
        }
        String corsOrigins = environment.get("BLOG_CORS_ORIGINS");
        if (corsOrigins != null) {
            builder.environments(CORS_ENVIRONMENT);
            properties.put("micronaut.server.cors.configurations.blog.allowed-origins", list(corsOrigins));
        }
        // end::session-variables[]
        builder.properties(properties);
    }

    private static void check(Map<String, String> environment) {
        String users = environment.get("BLOG_DEMO_USERS");
        if (users != null) {
            if (!environment.containsKey("BLOG_JWT_SECRET")) {
                throw new IllegalStateException("BLOG_DEMO_USERS needs BLOG_JWT_SECRET: the login signs its tokens with it");
            }
            DemoUsers.parse(users);
        }
        String ttl = environment.get("BLOG_TOKEN_TTL");
        if (ttl != null && !ttl.matches("[1-9][0-9]{0,8}")) {
            throw new IllegalStateException("BLOG_TOKEN_TTL is " + ttl + ": give the tokens' lifetime in seconds");
        }
        CHOICES.forEach((name, values) -> {
            String value = environment.get(name);
            if (value != null && !values.contains(value)) {
                throw new IllegalStateException(name + " is " + value + ": give one of "
                    + values.stream().sorted().toList());
            }
        });
        String csrf = environment.get("BLOG_CSRF");
        if (csrf != null && !"off".equals(csrf) && !environment.containsKey("BLOG_CSRF_SECRET")) {
            throw new IllegalStateException("BLOG_CSRF=" + csrf + " needs BLOG_CSRF_SECRET (at least 32 bytes): the"
                + " CSRF tokens are HMACs under it");
        }
    }

    private static void map(Map<String, String> environment, String variable, String property,
                            Map<String, Object> properties) {
        String value = environment.get(variable);
        if (value != null) {
            properties.put(property, value.strip());
        }
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(entry -> !entry.isEmpty()).toList();
    }
}
