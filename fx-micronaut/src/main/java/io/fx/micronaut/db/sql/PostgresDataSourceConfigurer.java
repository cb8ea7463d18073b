package io.fx.micronaut.db.sql;

import io.fx.micronaut.config.PostgresUrl;

import com.zaxxer.hikari.HikariConfig;
import io.fx.micronaut.config.DatabaseConfiguration;
import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prepares every Hikari pool that points at PostgreSQL for the adapter (libpq URIs are turned into
 * JDBC URLs earlier, where {@code DB_WRITE_URL} is read, because Micronaut validates
 * {@code datasources.*.url} as a JDBC URL): string parameters are sent untyped ({@code stringtype=unspecified})
 * so the server types them from their column (text ids against {@code uuid} columns); the session
 * settings of {@code fx.db.session} apply to every connection; the write pool defaults to
 * {@code fx.db.write-pool-size} (3) connections unless {@code datasources.default.maximum-pool-size} is set.
 * For outages: one wait of the pool lasts {@link #POOL_WAIT} (the store waits again within the request's
 * deadline unless the pool reports a connection failure, which answers 503 {@code DB_UNAVAILABLE}), and a
 * connection attempt gives up after {@value #CONNECT_TIMEOUT_SECONDS} s.
 */
@Internal
@Singleton
@Requires(classes = {HikariConfig.class, DatasourceConfiguration.class})
final class PostgresDataSourceConfigurer implements BeanCreatedEventListener<DatasourceConfiguration> {

    /** HikariCP's {@code connection-timeout} (and {@code validation-timeout}) unless the pool names one. */
    static final Duration POOL_WAIT = Duration.ofSeconds(1);
    /** The driver's {@code connectTimeout} unless the pool names one. */
    static final String CONNECT_TIMEOUT_SECONDS = "5";

    private final Environment environment;
    private final DatabaseConfiguration database;
    private final Duration queryTimeout;

    PostgresDataSourceConfigurer(Environment environment, DatabaseConfiguration database, FxConfiguration fx) {
        this.environment = environment;
        this.database = database;
        this.queryTimeout = SqlDeadlines.budget(fx, environment);
    }

    @Override
    public DatasourceConfiguration onCreated(@NonNull BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration configuration = event.getBean();
        String url = configuration.getJdbcUrl();
        if (url == null || !url.startsWith(PostgresUrl.JDBC_PREFIX)) {
            return configuration;
        }
        if ("default".equals(configuration.getName())
            && !environment.containsProperty("datasources.default.maximum-pool-size")) {
            configuration.setMaximumPoolSize(database.getWritePoolSize());
        }
        String prefix = "datasources." + configuration.getName() + ".";
        if (!environment.containsProperty(prefix + "connection-timeout")) {
            // one wait of the pool: when the server cannot be reached it ends with the connection
            // failure (503 DB_UNAVAILABLE) this soon; otherwise the store waits again within the deadline
            configuration.setConnectionTimeout(POOL_WAIT.toMillis());
            if (!environment.containsProperty(prefix + "validation-timeout")) {
                configuration.setValidationTimeout(POOL_WAIT.toMillis());
            }
        }
        prepare(configuration, database.getSession(), queryTimeout);
        return configuration;
    }

    /**
     * Applies the adapter's driver properties and the session settings to a PostgreSQL pool.
     *
     * The query deadline ({@code fx.query-timeout}) becomes the session's {@code statement_timeout}
     * unless the session settings name one: the server enforces it on every statement without a
     * round trip per statement (auto-migration lifts it for its own transaction). It is the second line:
     * the request's deadline cancels the running statement when the time left runs out (or the client
     * leaves), whatever statement of the request that is.
     *
     * @param config       the pool configuration
     * @param session      the session settings
     * @param queryTimeout the query deadline; zero or negative for none
     */
    static void prepare(HikariConfig config, Map<String, String> session, Duration queryTimeout) {
        config.getDataSourceProperties().putIfAbsent("stringtype", "unspecified");
        // a server that does not answer at all (not even a refusal) holds the pool's connection
        // attempts for this long, which delays noticing its return; the driver's default is 10 s
        config.getDataSourceProperties().putIfAbsent("connectTimeout", CONNECT_TIMEOUT_SECONDS);
        Map<String, String> settings = new LinkedHashMap<>(session);
        boolean timeoutSet = settings.keySet().stream()
            .anyMatch(name -> name.replace('-', '_').equals("statement_timeout"));
        if (!timeoutSet && !queryTimeout.isZero() && !queryTimeout.isNegative()) {
            settings.put("statement_timeout", Long.toString(Math.max(1, queryTimeout.toMillis())));
        }
        StringBuilder options = new StringBuilder();
        for (Map.Entry<String, String> setting : settings.entrySet()) {
            String name = setting.getKey().replace('-', '_');
            if (name.equals("application_name")) {
                config.getDataSourceProperties().putIfAbsent("ApplicationName", setting.getValue());
                continue;
            }
            if (!options.isEmpty()) {
                options.append(' ');
            }
            options.append("-c ").append(name).append('=').append(setting.getValue().replace(" ", "\\ "));
        }
        if (!options.isEmpty()) {
            config.getDataSourceProperties().putIfAbsent("options", options.toString());
        }
    }
}
