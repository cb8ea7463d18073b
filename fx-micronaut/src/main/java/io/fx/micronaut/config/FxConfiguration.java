package io.fx.micronaut.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.util.Optional;

/**
 * Server-wide settings under {@code fx}. Environment variables ({@code PORT}, {@code DB_WRITE_URL},
 * {@code QUERY_TIMEOUT_MS}, ...) are mapped onto these keys, see {@code FxEnvironmentVariables}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties(FxConfiguration.PREFIX)
public interface FxConfiguration {

    /** The configuration prefix. */
    String PREFIX = "fx";
    /** Default path prefix of every generated route. */
    String DEFAULT_PATH_PREFIX = "/api";
    /** Default JSON body limit: 4 MB. */
    long DEFAULT_MAX_BODY_BYTES = 4L * 1024 * 1024;

    /** @return the path prefix of generated routes and probes, default {@code /api} */
    @Bindable(defaultValue = DEFAULT_PATH_PREFIX)
    @NonNull
    String getPathPrefix();

    /** @return a service name added as {@code X-Service-Name} and as the {@code service} log attribute */
    @NonNull
    Optional<String> getServiceName();

    /** @return whether auto-migration at startup is off */
    @Bindable(defaultValue = "false")
    boolean isDisableAutoMigrate();

    /**
     * With auto-migration off, whether startup checks, in one catalog query and changing nothing, that every
     * model's table and column exists: a missing one fails startup naming it (on AWS Lambda an INIT error), rather
     * than a 500 on the first request that needs it. Default true; ignored while auto-migration is on.
     *
     * @return whether startup verifies the schema when it does not migrate
     * @since 0.9.0
     */
    @Bindable(defaultValue = "true")
    boolean isVerifySchema();

    /**
     * The database deadline of a request, default 30 s: the waits for a connection and every statement
     * together; when it passes, the running statement is cancelled and the request answers 504
     * {@code TIMEOUT}. Zero means unlimited. A bare number counts as milliseconds where the store reads
     * the setting (so {@code fx.query-timeout: 0} is unlimited), though this getter, bound by Micronaut,
     * only converts values with a unit ({@code 0s}, {@code 500ms}).
     *
     * @return the per-request database deadline; zero means unlimited
     */
    @Bindable(defaultValue = "30s")
    @NonNull
    Duration getQueryTimeout();

    /** @return how long shutdown waits for in-flight requests, default 30 s */
    @Bindable(defaultValue = "30s")
    @NonNull
    Duration getShutdownTimeout();

    /** @return whether unknown field directives fail startup instead of logging a warning */
    @Bindable(defaultValue = "false")
    boolean isStrict();

    /** @return whether {@code /health} pings the database */
    @Bindable(defaultValue = "false")
    boolean isHealthCheckDb();

    /** @return the budget shared by all readiness checks, default 3 s */
    @Bindable(defaultValue = "3s")
    @NonNull
    Duration getHealthTimeout();

    /** @return the JSON body limit in bytes, default 4 MB */
    @Bindable(defaultValue = "4194304")
    long getMaxBodySize();

    /**
     * @return how deep a json_array or json_object field value may nest (arrays and objects), default 32
     * @since 0.3.0
     */
    @Bindable(defaultValue = "32")
    int getMaxJsonDepth();

    /** @return the JDBC URL of the read pool (server databases); empty uses the primary */
    @Nullable
    String getDbReadUrl();

    /**
     * @return whether startup runs production validation: every generated operation covered by
     *     Auth-step middleware or a public declaration, every action with a declared access
     * @since 0.2.0
     */
    @Bindable(defaultValue = "false")
    boolean isProduction();

    /**
     * @return whether the application asserts that global HTTP filters protect every route, which
     *     satisfies production validation without Auth-step middleware
     * @since 0.2.0
     */
    @Bindable(defaultValue = "false")
    boolean isHttpAccessControlled();
}
