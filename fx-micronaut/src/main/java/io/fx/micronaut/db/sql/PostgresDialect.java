package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.RecordIds;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * PostgreSQL (server database). Native types: {@code uuid} ids, {@code text} strings,
 * {@code timestamptz} timestamps and {@code jsonb} JSON columns, which {@code has}/{@code not_has}
 * query through the {@code @?} jsonpath operator (served by a GIN index on filterable JSON
 * columns). The query deadline is {@code SET LOCAL statement_timeout}: the server itself cancels
 * the statement. Writes do not serialise in the process; the database's own locking applies. A
 * soft-delete model's unique constraints are partial unique indexes over its live rows (the
 * {@link SqlDialect#liveUniqueIndexStatements} default).
 *
 * @since 0.1.0
 */
@Singleton
public class PostgresDialect implements SqlDialect {

    /** A JSON number, {@code true}, {@code false} or {@code null}: a candidate also matched as that literal. */
    private static final Pattern JSON_LITERAL =
        Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null");

    @Override
    public boolean sortsNullsHigh() {
        return true;
    }

    @Override
    public String estimateStatement(String select) {
        return "EXPLAIN (FORMAT JSON) " + select;
    }

    @Override
    public boolean supports(@NonNull String databaseProductName) {
        return "PostgreSQL".equalsIgnoreCase(databaseProductName);
    }

    @Override
    @NonNull
    public String columnType(@NonNull FieldDescriptor field) {
        return switch (field.type()) {
            case STRING -> field.name().equals("id") ? "uuid" : "text";
            case JSON_ARRAY, JSON_OBJECT -> "jsonb";
            case INTEGER -> "bigint";
            case DECIMAL -> "double precision";
            case BOOLEAN -> "boolean";
            case TIMESTAMP -> "timestamp(6) with time zone";
        };
    }

    @Override
    @NonNull
    public String referenceColumnType() {
        return "uuid";
    }

    @Override
    @NonNull
    public List<Integer> jdbcTypes(@NonNull FieldType type) {
        return switch (type) {
            // uuid and jsonb report OTHER
            case STRING -> List.of(Types.VARCHAR, Types.LONGVARCHAR, Types.CHAR, Types.OTHER);
            case JSON_ARRAY, JSON_OBJECT -> List.of(Types.OTHER);
            case INTEGER -> List.of(Types.BIGINT, Types.INTEGER);
            case DECIMAL -> List.of(Types.DOUBLE, Types.FLOAT, Types.REAL, Types.DECIMAL, Types.NUMERIC);
            case BOOLEAN -> List.of(Types.BOOLEAN, Types.BIT);
            case TIMESTAMP -> List.of(Types.TIMESTAMP_WITH_TIMEZONE, Types.TIMESTAMP);
        };
    }

    @Override
    public boolean embedded() {
        return false;
    }

    @Override
    public boolean serializesWrites() {
        return false;
    }

    @Override
    public boolean bindsUuidIds() {
        // an untyped (stringtype=unspecified) id makes pgjdbc describe the statement, and a described
        // statement returning text columns then costs a Sync round trip before each execution
        return true;
    }

    @Override
    @NonNull
    public String updateReturning(@NonNull String update, @NonNull String columns) {
        return update + " RETURNING " + columns;
    }

    /** The row locked and read in a subquery of the update's {@code FROM}, which {@code RETURNING} may name. */
    @Override
    @NonNull
    public Optional<String> updateReturningPreImage(@NonNull String table, @NonNull String assignments,
                                                    @NonNull String read, @NonNull List<String> columns) {
        String before = quote("fx_before");
        String after = quote("fx_after");
        StringBuilder sql = new StringBuilder("UPDATE ").append(table).append(" AS ").append(after).append(" SET ")
            .append(assignments).append(" FROM (").append(read).append(" FOR UPDATE) AS ").append(before)
            .append(" WHERE ").append(after).append('.').append(quote("id")).append(" = ").append(before).append('.')
            .append(quote("id")).append(" RETURNING ");
        for (String alias : List.of(before, after)) {
            for (String column : columns) {
                sql.append(alias).append('.').append(column).append(", ");
            }
        }
        sql.setLength(sql.length() - 2);
        return Optional.of(sql.toString());
    }

    @Override
    public void applyTimeout(@NonNull Connection connection, @NonNull Statement statement, @NonNull Duration timeout)
        throws SQLException {
        // nothing per statement: the pools set the deadline as the session's statement_timeout
        // (PostgresDataSourceConfigurer), which the server enforces and cancels itself
    }

    /** The pools set the request deadline as the session's statement_timeout; migration raises it for its transaction. */
    @Override
    public void boundMigration(@NonNull Connection connection, @NonNull Duration bound) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LOCAL statement_timeout = " + Math.max(0, bound.toMillis()));
        }
    }

    @Override
    @NonNull
    public String jsonHas(@NonNull String column, @NonNull FieldType type) {
        // "??" is the driver's escape for the "?" of the @? operator
        return "(" + column + " @?? CAST(? AS jsonpath))";
    }

    @Override
    @NonNull
    public Object jsonHasParameter(@NonNull FieldType type, @NonNull String value, @NonNull Function<Object, String> json) {
        if (type == FieldType.JSON_ARRAY) {
            return "strict $[*] ? (" + equalsCandidate("@", value, json) + ")";
        }
        int eq = value.indexOf('=');
        if (eq < 0) {
            return "strict $ ? (false)";
        }
        String key = json.apply(value.substring(0, eq));
        // keyvalue() never fails on a missing key, so not_has stays true for objects without it
        return "strict $.keyvalue() ? (@.key == " + key + " && ("
            + equalsCandidate("@.value", value.substring(eq + 1), json) + "))";
    }

    private static String equalsCandidate(String item, String candidate, Function<Object, String> json) {
        String asString = item + " == " + json.apply(candidate);
        String trimmed = candidate.trim();
        return JSON_LITERAL.matcher(trimmed).matches() ? asString + " || " + item + " == " + trimmed : asString;
    }

    @Override
    public boolean canStoreId(@NonNull String id) {
        // a uuid column refuses other text with an error
        return RecordIds.isRecordId(id);
    }

    @Override
    public void bindJson(@NonNull PreparedStatement statement, int index, String json) throws SQLException {
        statement.setObject(index, json, Types.OTHER);
    }

    @Override
    @NonNull
    public List<String> jsonIndexStatements(@NonNull String table, @NonNull String column, @NonNull String indexName) {
        return List.of("CREATE INDEX IF NOT EXISTS " + quote(indexName) + " ON " + quote(table)
            + " USING GIN (" + quote(column) + " jsonb_path_ops)");
    }

    @Override
    @NonNull
    public Optional<String> migrationLock() {
        // waiting for another replica's migration must not hit the session's statement_timeout
        return Optional.of("SELECT set_config('statement_timeout', '0', true), pg_advisory_xact_lock(" + MIGRATION_LOCK_KEY + ")");
    }

    /**
     * The driver answers only the first {@link Statement#cancel()} of an execution, so a later cancel goes
     * to the statement's connection instead ({@code PGConnection.cancelQuery}), while the statement is
     * still open: an open statement means its connection has not gone back to the pool. Like every
     * PostgreSQL cancel it is a signal the server delivers to whatever the session runs when it arrives,
     * and a session between statements ignores it.
     */
    @Override
    public void cancelAgain(@NonNull Statement statement) throws SQLException {
        if (!statement.isClosed()) {
            PostgresCancels.cancelConnection(statement.getConnection());
        }
    }

    @Override
    @NonNull
    public Optional<ServerError> serverError(@NonNull SQLException e) {
        return e.getClass().getName().startsWith("org.postgresql.") ? PostgresServerErrors.of(e) : Optional.empty();
    }

    /** An {@code INSERT ... ON CONFLICT (key) DO UPDATE}: atomic under concurrent writers. */
    @Override
    @NonNull
    public String upsert(@NonNull String table, @NonNull List<String> keyColumns, @NonNull List<String> columns) {
        List<String> updated = columns.stream().filter(c -> !keyColumns.contains(c)).toList();
        return updated.isEmpty() ? insertIfAbsent(table, keyColumns, columns)
            : insert(table, columns) + " ON CONFLICT (" + String.join(", ", keyColumns) + ") DO UPDATE SET "
                + String.join(", ", updated.stream().map(c -> c + " = EXCLUDED." + c).toList());
    }

    @Override
    @NonNull
    public String insertIfAbsent(@NonNull String table, @NonNull List<String> keyColumns, @NonNull List<String> columns) {
        return insert(table, columns) + " ON CONFLICT (" + String.join(", ", keyColumns) + ") DO NOTHING";
    }

    @Override
    @NonNull
    public String insertReturning(@NonNull String table, @NonNull List<String> columns, @NonNull List<String> returned) {
        return insert(table, columns) + " RETURNING " + String.join(", ", returned);
    }

    private static String insert(String table, List<String> columns) {
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES ("
            + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
    }
}
