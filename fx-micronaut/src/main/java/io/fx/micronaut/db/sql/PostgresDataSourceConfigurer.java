package io.fx.micronaut.db.sql;

import com.zaxxer.hikari.HikariConfig;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/**
 * Prepares every Hikari pool that points at PostgreSQL for the adapter: string parameters are sent
 * untyped ({@code stringtype=unspecified}) so the server types them from their column, which lets
 * the portable SQL compare text ids with {@code uuid} columns.
 */
@Internal
@Singleton
@Requires(classes = {HikariConfig.class, DatasourceConfiguration.class})
final class PostgresDataSourceConfigurer implements BeanCreatedEventListener<DatasourceConfiguration> {

    static final String POSTGRES_JDBC_PREFIX = "jdbc:postgresql:";

    @Override
    public DatasourceConfiguration onCreated(@NonNull BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration configuration = event.getBean();
        String url = configuration.getJdbcUrl();
        if (url != null && url.startsWith(POSTGRES_JDBC_PREFIX)
            && !configuration.getDataSourceProperties().containsKey("stringtype")) {
            configuration.addDataSourceProperty("stringtype", "unspecified");
        }
        return configuration;
    }
}
