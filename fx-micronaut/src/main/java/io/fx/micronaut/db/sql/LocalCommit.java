package io.fx.micronaut.db.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Function;

/**
 * Runs work in a transaction of its own on a pooled connection, without Micronaut Data: auto-commit off, the work,
 * {@code COMMIT}, or {@code ROLLBACK} when the work fails. The pool resets the connection's auto-commit when it is
 * returned. Used for a write of the framework's own statements ({@link WriteCommit#LOCAL}), and for one statement of
 * an embedded database, where it costs no round trip: H2 (2.3.232) loses the row when an update through its
 * {@code FINAL TABLE} fails in auto-commit mode (a unique conflict, a cancel), while a rollback restores it.
 */
final class LocalCommit {

    private LocalCommit() {
    }

    /**
     * @param connection    an auto-commit connection of the pool
     * @param work          the statements
     * @param commitFailure what a failed commit answers
     * @return the work's result, committed; a failure of the work rolls it back and propagates
     * @throws SQLException when auto-commit cannot be turned off
     */
    static <R> R run(Connection connection, Function<Connection, R> work,
                     Function<SQLException, RuntimeException> commitFailure) throws SQLException {
        connection.setAutoCommit(false);
        R result;
        try {
            result = work.apply(connection);
        } catch (RuntimeException | Error e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        }
        try {
            connection.commit();
        } catch (SQLException e) {
            throw commitFailure.apply(e);
        }
        return result;
    }
}
