package io.fx.micronaut.db.sql;

import com.zaxxer.hikari.HikariDataSource;
import io.fx.micronaut.config.DatabaseConfiguration;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * At startup, warns when the write and read pools of a server database together may claim more
 * than half of the server's {@code max_connections}, which leaves too little for other replicas,
 * deploys and administration.
 */
@Internal
@Singleton
@Requires(classes = {HikariDataSource.class, DatasourceConfiguration.class})
final class PoolBudgetCheck {

    private static final Logger LOG = LoggerFactory.getLogger(PoolBudgetCheck.class);

    private final DatasourceConfiguration primary;
    private final TransactionOperations<Connection> readPool;
    private final TransactionOperations<Connection> transactions;
    private final DatabaseConfiguration database;

    PoolBudgetCheck(@Named("default") DatasourceConfiguration primary,
                    @Nullable @Named(ReadPoolFactory.NAME) TransactionOperations<Connection> readPool,
                    TransactionOperations<Connection> transactions, DatabaseConfiguration database) {
        this.primary = primary;
        this.readPool = readPool;
        this.transactions = transactions;
        this.database = database;
    }

    @EventListener
    void onStartup(StartupEvent event) {
        if (readPool == null) {
            return;
        }
        try {
            int max = transactions.executeRead(status -> {
                try (Statement statement = status.getConnection().createStatement();
                     ResultSet rs = statement.executeQuery("SHOW max_connections")) {
                    rs.next();
                    return Integer.parseInt(rs.getString(1).trim());
                }
            });
            check(primary.getMaximumPoolSize(), database.getReadPoolSize(), max);
        } catch (RuntimeException e) {
            LOG.debug("Could not read max_connections to check the pool sizes", e);
        }
    }

    /**
     * @param write          the write pool size
     * @param read           the read pool size
     * @param maxConnections the server's connection cap
     * @return whether the warning was logged
     */
    static boolean check(int write, int read, int maxConnections) {
        if (write + read <= maxConnections / 2) {
            return false;
        }
        LOG.warn("The database pools claim {} connections ({} write + {} read), more than half of the server's "
            + "max_connections ({}); lower datasources.default.maximum-pool-size or fx.db.read-pool-size, "
            + "or raise max_connections", write + read, write, read, maxConnections);
        return true;
    }
}
