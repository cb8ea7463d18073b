package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Function;

/**
 * Commits one statement of an embedded database in a transaction of its own connection, which costs no
 * round trip there: H2 (2.3.232) loses the row when an update through its {@code FINAL TABLE} fails in
 * auto-commit mode (a unique conflict, a cancel), while a rollback restores it. The pool resets the
 * connection's auto-commit when it is returned.
 */
final class LocalCommit {

    private LocalCommit() {
    }

    /**
     * @param connection an auto-commit connection of the pool
     * @param work       the statement
     * @return its result, committed; a failure of the work rolls it back and propagates, a failed commit is
     *     {@code TX_COMMIT_ERROR}
     */
    static <R> R run(Connection connection, Function<Connection, R> work) throws SQLException {
        connection.setAutoCommit(false);
        R result;
        try {
            result = work.apply(connection);
        } catch (RuntimeException e) {
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
            throw ErrorCode.TX_COMMIT_ERROR.exception("Transaction could not commit", null, e);
        }
        return result;
    }
}
