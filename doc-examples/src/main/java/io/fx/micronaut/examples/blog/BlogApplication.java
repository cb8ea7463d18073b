package io.fx.micronaut.examples.blog;

import io.fx.micronaut.examples.events.EventVariables;
import io.fx.micronaut.examples.history.HistoryToken;
import io.fx.micronaut.examples.jobs.JobVariables;
import io.fx.micronaut.examples.limits.LimitVariables;
import io.fx.micronaut.examples.mail.MailVariables;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.runtime.Micronaut;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts the blog example: a plain Micronaut application. fx-micronaut discovers the
 * {@code @FxModel} classes of this package, migrates their tables and serves them under {@code /api}.
 * Environment variables turn security on: {@code BLOG_JWT_SECRET} or {@code BLOG_JWKS_URL} add the
 * {@code jwt} environment ({@code application-jwt.yml}: bearer tokens and the access rules),
 * {@code BLOG_API_KEY} adds an API key for the user {@code ci-bot}, {@code BLOG_TENANCY=true} confines
 * authors to the caller's tenant ({@link BlogSecurity}). Without any of them the blog stays open.
 * {@code BLOG_DEMO_USERS} adds {@code POST /api/login} ({@link BlogLogin}); the variables of token lifetime,
 * revocation, sessions, CSRF and CORS are checked and mapped by {@code SessionVariables}; {@code BLOG_EVENTS=true}
 * turns events on, sent to the brokers whose addresses are set ({@code EventVariables}); body sizes, rate limits,
 * idempotent creates and trusted proxies come from the variables {@code LimitVariables} reads; mail
 * ({@code BLOG_SMTP_HOST}, {@code MailVariables}), background jobs and the admin routes ({@code BLOG_JOBS},
 * {@code BLOG_ADMIN_TOKEN}, {@code JobVariables}) from theirs.
 *
 * @since 0.1.0
 */
public final class BlogApplication {

    /** The environment {@code BLOG_JWT_SECRET} or {@code BLOG_JWKS_URL} adds. */
    public static final String JWT_ENVIRONMENT = "jwt";
    /** The environment {@code BLOG_JWT_SECRET} adds as well ({@code application-jwt-secret.yml}). */
    public static final String JWT_SECRET_ENVIRONMENT = "jwt-secret";

    private static final Logger LOG = LoggerFactory.getLogger(BlogApplication.class);
    /** Variables that may not be set empty; an empty issuer, audience or key-set CA is simply none. */
    private static final List<String> REQUIRED_VALUES = List.of("BLOG_JWT_SECRET", "BLOG_JWKS_URL", "BLOG_JWKS_REFETCH",
        "BLOG_API_KEY", "BLOG_TENANCY", "BLOG_HISTORY_TOKEN");

    private BlogApplication() {
    }

    /**
     * @param args command-line arguments, passed to Micronaut
     */
    public static void main(String[] args) {
        configure(Micronaut.build(args).mainClass(BlogApplication.class), System.getenv()).start();
    }

    /**
     * Applies the blog's environment variables to a context builder: the {@code jwt} environment, the API
     * key, a warning when the blog stays open, and the login, revocation, session, CSRF and CORS settings.
     *
     * @param builder     the builder ({@link Micronaut} in {@link #main}, a plain builder in tests)
     * @param environment the environment variables
     * @param <B>         the builder type
     * @return the builder
     * @throws IllegalStateException when {@code BLOG_JWT_SECRET}, {@code BLOG_JWKS_URL}, {@code BLOG_JWKS_REFETCH},
     *     {@code BLOG_API_KEY}, {@code BLOG_TENANCY} or a variable {@code SessionVariables} reads is set but empty,
     *     or one of the latter holds a value it cannot take
     */
    @NonNull
    public static <B extends ApplicationContextBuilder> B configure(@NonNull B builder,
                                                                   @NonNull Map<String, String> environment) {
        for (String name : requiredValues()) {
            String value = environment.get(name);
            if (value != null && value.isBlank()) {
                throw new IllegalStateException(name + " is set but empty: give it a value or unset it");
            }
        }
        // tag::environment[]
        boolean jwt = environment.containsKey("BLOG_JWT_SECRET") || environment.containsKey("BLOG_JWKS_URL");
        if (jwt) {
            builder.environments(JWT_ENVIRONMENT);
        }
        if (environment.containsKey("BLOG_JWT_SECRET")) {
            builder.environments(JWT_SECRET_ENVIRONMENT);
        }
        String apiKey = environment.get("BLOG_API_KEY");
        if (apiKey != null) {
            builder.properties(Map.of("fx.security.api-keys.entries", List.of(Map.of("key", apiKey,
                "user-id", "ci-bot", "roles", List.of("editor"), "scopes", List.of("posts:read")))));
        }
        if (!jwt && apiKey == null) {
            LOG.warn("The blog is open: no BLOG_JWT_SECRET, BLOG_JWKS_URL or BLOG_API_KEY is set, so anyone may "
                + "read and write everything. fx.production: true refuses to start like this.");
        }
        // end::environment[]
        SessionVariables.apply(builder, environment);
        String historyToken = environment.get("BLOG_HISTORY_TOKEN");
        if (historyToken != null) {
            builder.properties(Map.of(HistoryToken.PROPERTY, historyToken));
        }
        EventVariables.apply(builder, environment);
        MailVariables.apply(builder, environment, "true".equals(environment.getOrDefault("BLOG_EVENTS", "false").strip()));
        JobVariables.apply(builder, environment);
        LimitVariables.apply(builder, environment);
        io.fx.micronaut.examples.encryption.EncryptionVariables.apply(builder, environment);
        return builder;
    }

    private static List<String> requiredValues() {
        List<String> names = new ArrayList<>(REQUIRED_VALUES);
        names.addAll(SessionVariables.REQUIRED_VALUES);
        names.addAll(LimitVariables.REQUIRED_VALUES);
        names.addAll(MailVariables.REQUIRED_VALUES);
        names.addAll(JobVariables.REQUIRED_VALUES);
        return names;
    }
}
