package io.fx.micronaut.config;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.Map;

/**
 * Pools and sessions of a server database under {@code fx.db}. The write pool is Micronaut's
 * {@code datasources.default} (every HikariCP setting applies there); the read pool copies it and
 * connects to {@code fx.db-read-url} ({@code DB_READ_URL}), or to the primary when that is empty.
 * Embedded databases use the write pool only.
 *
 * @since 0.1.0
 */
@ConfigurationProperties(DatabaseConfiguration.PREFIX)
public interface DatabaseConfiguration {

    /** The configuration prefix. */
    String PREFIX = FxConfiguration.PREFIX + ".db";
    /** Default size of the write pool when {@code datasources.default.maximum-pool-size} is not set. */
    int DEFAULT_WRITE_POOL_SIZE = 3;
    /** Default size of the read pool. */
    int DEFAULT_READ_POOL_SIZE = 6;

    /** @return the write pool size used unless {@code datasources.default.maximum-pool-size} is set, default 3 */
    @Bindable(defaultValue = "3")
    int getWritePoolSize();

    /** @return the read pool size, default 6 */
    @Bindable(defaultValue = "6")
    int getReadPoolSize();

    /** @return whether reads outside a transaction go to the read pool, default true */
    @Bindable(defaultValue = "true")
    boolean isReadPoolEnabled();

    /**
     * @return session settings applied to every connection of both pools, for example
     *     {@code statement_timeout: 5s}, {@code search_path: app}, {@code application_name: blog}
     */
    @NonNull
    Map<String, String> getSession();
}
