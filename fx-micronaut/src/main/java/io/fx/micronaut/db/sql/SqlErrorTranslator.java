package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Translates SQL errors once, at the adapter boundary, by SQLState class. Constraint errors become
 * 409 {@code CONFLICT} with details {@code {table, column, detail}} that never carry values of other
 * rows; deadline errors become 504 {@code TIMEOUT}; the rest 500 {@code DB_ERROR}. (An unreachable
 * database, 503 {@code DB_UNAVAILABLE}, and a statement the request's deadline stopped are told apart
 * before, see {@link DatabaseAvailability} and {@link RequestDeadline}.)
 */
final class SqlErrorTranslator {

    private SqlErrorTranslator() {
    }

    /**
     * @param e the SQL error of a statement that ran for no model (raw SQL)
     * @return 504 {@code TIMEOUT} for a deadline error, else 500 {@code DB_ERROR}
     */
    static FxException translate(SQLException e) {
        return isTimeout(e) ? ErrorCode.TIMEOUT.exception("The database deadline was exceeded", null, e)
            : ErrorCode.DB_ERROR.exception("Database error", null, e);
    }

    private static boolean isTimeout(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return e instanceof SQLTimeoutException || state.equals("57014") || state.equals("HYT00") || state.equals("HYT01");
    }

    static FxException translate(SQLException e, ModelDescriptor model) {
        return translate(e, model, null, Map.of());
    }

    /**
     * @param e           the SQL error
     * @param model       the model the statement ran for
     * @param dialect     the dialect, whose {@link SqlDialect#serverError} fields win over the message text
     * @param constraints further constraint names of the schema (foreign keys, junction pairs) and the
     *                    column(s) each one guards, to name the field of a conflict
     * @return the exception to answer with
     */
    static FxException translate(SQLException e, ModelDescriptor model, SqlDialect dialect,
                                 Map<String, String> constraints) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (isTimeout(e)) {
            return ErrorCode.TIMEOUT.exception("The database deadline was exceeded", null, e);
        }
        if (isRetryable(e)) {
            return ErrorCode.CONFLICT.exception("The transaction conflicted with a concurrent one; retry the request",
                Map.of("table", model.getTable(), "detail", "serialization failure or deadlock"), e);
        }
        if (state.startsWith("23")) {
            ServerError server = dialect == null ? null : dialect.serverError(e).orElse(null);
            return conflict(e, state, model, server, constraints);
        }
        return ErrorCode.DB_ERROR.exception("Database error", null, e);
    }

    /**
     * @param e a failure
     * @return whether it is a serialisation failure (40001) or deadlock (40P01), which a retry may cure
     */
    static boolean isRetryable(SQLException e) {
        return "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
    }

    private static FxException conflict(SQLException e, String state, ModelDescriptor model, ServerError server,
                                        Map<String, String> constraints) {
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        if (server != null && server.constraint() != null) {
            message = server.constraint().toLowerCase(Locale.ROOT);
        }
        String column = server == null || server.column() == null ? null
            : model.findField(server.column()).map(FieldDescriptor::name).orElse(null);
        int matched = 0;
        for (FieldDescriptor field : model.getFields()) {
            // longest match wins: uq_t_sku is a prefix of uq_t_sku_label, and drivers append suffixes
            String constraint = SchemaMigrator.uniqueConstraintName(model, field);
            if (field.unique() && constraint.length() > matched && message.contains(constraint)) {
                column = field.name();
                matched = constraint.length();
            }
        }
        for (Map.Entry<String, String> constraint : constraints.entrySet()) {
            if (constraint.getKey().length() > matched && message.contains(constraint.getKey())) {
                column = constraint.getValue();
                matched = constraint.getKey().length();
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("table", server != null && server.table() != null ? server.table() : model.getTable());
        details.put("column", column);
        String detail;
        if (state.equals("23505")) {
            detail = column == null ? "a record with the same unique value already exists"
                : "a record with this " + column + " already exists";
        } else if (state.equals("23503")) {
            detail = "the write refers to a record that does not exist, or is referred to by other records";
        } else {
            detail = "the write violates a database constraint";
        }
        details.put("detail", detail);
        return ErrorCode.CONFLICT.exception(detail, details, e);
    }
}
