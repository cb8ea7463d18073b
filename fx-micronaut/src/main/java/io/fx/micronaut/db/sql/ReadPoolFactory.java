package io.fx.micronaut.db.sql;

import io.fx.micronaut.config.PostgresUrl;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.fx.micronaut.config.DatabaseConfiguration;
import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Opens the read pool of a server database: a copy of the write pool's configuration
 * ({@code datasources.default}) connected to {@code fx.db-read-url} ({@code DB_READ_URL}), or to
 * the primary when that is empty, with {@code fx.db.read-pool-size} (6) connections. Micronaut
 * Data gives it its own transaction manager, named {@value #NAME}. Embedded databases get none.
 */
@Internal
@Factory
@Requires(classes = {HikariDataSource.class, DatasourceConfiguration.class})
@Requires(condition = ServerDatabaseCondition.class)
final class ReadPoolFactory {

    /** The bean name of the read pool and of its transaction manager. */
    static final String NAME = "read";

    /** The pools opened, closed with the context (the bean itself is wrapped in a proxy without close()). */
    private final List<HikariDataSource> opened = new CopyOnWriteArrayList<>();

    @Singleton
    @Named(NAME)
    HikariDataSource readDataSource(@Named("default") DatasourceConfiguration primary, FxConfiguration fx,
                                    DatabaseConfiguration database, SqlDeadlines deadlines) {
        HikariConfig config = new HikariConfig();
        primary.copyStateTo(config);
        Properties properties = new Properties();
        properties.putAll(primary.getDataSourceProperties());
        config.setDataSourceProperties(properties);
        String readUrl = fx.getDbReadUrl();
        if (readUrl != null && !readUrl.isBlank()) {
            PostgresUrl url = PostgresUrl.parse(readUrl);
            config.setJdbcUrl(url.jdbcUrl());
            if (url.user() != null) {
                config.setUsername(url.user());
                config.setPassword(url.password());
            }
        }
        config.setMaximumPoolSize(database.getReadPoolSize());
        config.setMinimumIdle(Math.min(config.getMinimumIdle() < 0 ? database.getReadPoolSize() : config.getMinimumIdle(),
            database.getReadPoolSize()));
        config.setPoolName("fx-read");
        PostgresDataSourceConfigurer.prepare(config, database.getSession(), deadlines.budget());
        HikariDataSource pool = new HikariDataSource(config);
        opened.add(pool);
        return pool;
    }

    @PreDestroy
    void close() {
        opened.forEach(HikariDataSource::close);
        opened.clear();
    }
}
