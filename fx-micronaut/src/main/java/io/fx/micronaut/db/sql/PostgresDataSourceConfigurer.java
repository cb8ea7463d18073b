package io.fx.micronaut.db.sql;

import com.zaxxer.hikari.HikariConfig;
import io.fx.micronaut.config.DatabaseConfiguration;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Prepares every Hikari pool that points at PostgreSQL for the adapter (libpq URIs are turned into
 * JDBC URLs earlier, where {@code DB_WRITE_URL} is read, because Micronaut validates
 * {@code datasources.*.url} as a JDBC URL): string parameters are sent untyped ({@code stringtype=unspecified})
 * so the server types them from their column (text ids against {@code uuid} columns); the session
 * settings of {@code fx.db.session} apply to every connection; the write pool defaults to
 * {@code fx.db.write-pool-size} (3) connections unless {@code datasources.default.maximum-pool-size} is set.
 */
@Internal
@Singleton
@Requires(classes = {HikariConfig.class, DatasourceConfiguration.class})
final class PostgresDataSourceConfigurer implements BeanCreatedEventListener<DatasourceConfiguration> {

    private final Environment environment;
    private final DatabaseConfiguration database;

    PostgresDataSourceConfigurer(Environment environment, DatabaseConfiguration database) {
        this.environment = environment;
        this.database = database;
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
        prepare(configuration, database.getSession());
        return configuration;
    }

    /**
     * Applies the adapter's driver properties and the session settings to a PostgreSQL pool.
     *
     * @param config  the pool configuration
     * @param session the session settings
     */
    static void prepare(HikariConfig config, Map<String, String> session) {
        config.getDataSourceProperties().putIfAbsent("stringtype", "unspecified");
        StringBuilder options = new StringBuilder();
        for (Map.Entry<String, String> setting : session.entrySet()) {
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
