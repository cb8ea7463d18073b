package io.fx.micronaut.db.sql;

import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Cancels what an embedded H2 session runs. Only loaded when an H2 statement is cancelled, so the driver stays
 * optional for everyone else.
 *
 * <p>H2's {@link Statement#cancel()} marks the statement's command, and the mark stays on it when the command has
 * finished its last check (an auto-committed write that is committing, or a lazy query whose result is still being
 * read): the session keeps the command in its cache and hands it to the next {@code prepareStatement} of the same
 * SQL, which then fails as cancelled, whoever runs it, after the connection has gone back to the pool. A cancel of
 * the session instead is a point in time the session compares with each check; every command that starts resets it
 * (the session has a query timeout: the dialect sets one for every statement before the statement can be cancelled),
 * so a cancel that lands after a statement ended reaches nothing.</p>
 */
final class H2Cancels {

    private H2Cancels() {
    }

    /**
     * Cancels the command the statement's session runs, while the statement is open (so its connection has not gone
     * back to the pool) and the session runs a command; otherwise does nothing.
     *
     * @param statement a statement of the H2 driver, possibly wrapped by a pool
     * @throws SQLException when the statement's connection cannot be reached
     */
    static void cancel(Statement statement) throws SQLException {
        if (statement.isClosed()) {
            return;
        }
        Connection connection = statement.getConnection();
        if (!connection.isWrapperFor(JdbcConnection.class)) {
            statement.cancel();
            return;
        }
        Session session = connection.unwrap(JdbcConnection.class).getSession();
        if (session instanceof SessionLocal local) {
            if (local.getCurrentCommand() != null) {
                local.cancel();
            }
        } else {
            statement.cancel(); // a server session (jdbc:h2:tcp): the server cancels the statement itself
        }
    }
}
