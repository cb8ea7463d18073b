package io.fx.micronaut.db.sql;

import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.SQLException;
import java.util.Optional;

/**
 * Reads the structured fields of a PostgreSQL error. Only loaded when the exception comes from
 * the PostgreSQL driver, so the driver stays optional for everyone else.
 */
final class PostgresServerErrors {

    private PostgresServerErrors() {
    }

    static Optional<ServerError> of(SQLException e) {
        if (!(e instanceof PSQLException psql) || psql.getServerErrorMessage() == null) {
            return Optional.empty();
        }
        ServerErrorMessage message = psql.getServerErrorMessage();
        return Optional.of(new ServerError(message.getTable(), message.getColumn(), message.getConstraint()));
    }
}
