package io.fx.micronaut.db.sql;

import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Cancels what a PostgreSQL connection runs, whatever the state of its statements in the driver. Only
 * loaded when a PostgreSQL statement is cancelled again, so the driver stays optional for everyone else.
 */
final class PostgresCancels {

    private PostgresCancels() {
    }

    /**
     * @param connection a connection of the PostgreSQL driver, possibly wrapped by a pool
     * @throws SQLException when the cancel could not be sent
     */
    static void cancelConnection(Connection connection) throws SQLException {
        if (connection.isWrapperFor(PGConnection.class)) {
            connection.unwrap(PGConnection.class).cancelQuery();
        }
    }
}
