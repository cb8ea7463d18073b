package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * The embedded H2 database (file or in-memory). Writes serialise through a process-wide lock, JSON
 * columns are text and JSON membership uses {@link H2JsonFunctions}. The request's deadline cancels
 * the running statement; besides, each statement gets what is left of it, rounded up to whole seconds,
 * as H2's own query timeout (set only when it changes). A cancel stops the session's running command, never a
 * statement's cached one, so a cancel that arrives just after a statement cannot reach the next one on that session
 * ({@link H2Cancels}).
 * H2 has no partial indexes: a unique index of a
 * soft-delete model also covers the generated column {@value #LIVE_COLUMN}, {@code TRUE} for a live row
 * and {@code NULL} for a deleted one, and H2 unique indexes admit any number of rows with a NULL key part.
 *
 * @since 0.1.0
 */
@Singleton
public class H2Dialect implements SqlDialect {

    /** The generated column that is TRUE for live rows and NULL for soft-deleted ones. */
    static final String LIVE_COLUMN = "fx_live";
    /** The largest query timeout H2 takes in seconds (it counts milliseconds in an int). */
    private static final long MAX_TIMEOUT_SECONDS = Integer.MAX_VALUE / 1000;

    @Override
    public boolean supports(@NonNull String databaseProductName) {
        return "H2".equalsIgnoreCase(databaseProductName);
    }

    @Override
    @NonNull
    public String columnType(@NonNull FieldDescriptor field) {
        return switch (field.type()) {
            case STRING, JSON_ARRAY, JSON_OBJECT -> field.name().equals("id") ? "CHARACTER VARYING(36)" : "CHARACTER VARYING";
            case INTEGER -> "BIGINT";
            case DECIMAL -> "DOUBLE PRECISION";
            case BOOLEAN -> "BOOLEAN";
            case TIMESTAMP -> "TIMESTAMP(6) WITH TIME ZONE";
        };
    }

    @Override
    @NonNull
    public String referenceColumnType() {
        return "CHARACTER VARYING(36)";
    }

    @Override
    @NonNull
    public List<Integer> jdbcTypes(@NonNull FieldType type) {
        return switch (type) {
            case STRING, JSON_ARRAY, JSON_OBJECT -> List.of(Types.VARCHAR, Types.CLOB, Types.LONGVARCHAR);
            case INTEGER -> List.of(Types.BIGINT, Types.INTEGER);
            case DECIMAL -> List.of(Types.DOUBLE, Types.FLOAT, Types.REAL, Types.DECIMAL, Types.NUMERIC);
            case BOOLEAN -> List.of(Types.BOOLEAN, Types.BIT);
            case TIMESTAMP -> List.of(Types.TIMESTAMP_WITH_TIMEZONE, Types.TIMESTAMP);
        };
    }

    @Override
    public boolean embedded() {
        return true;
    }

    @Override
    public boolean serializesWrites() {
        return true;
    }

    @Override
    @NonNull
    public List<String> setupStatements() {
        String functions = H2JsonFunctions.class.getName();
        return List.of(
            "CREATE ALIAS IF NOT EXISTS FX_JSON_ARRAY_HAS DETERMINISTIC FOR \"" + functions + ".arrayHas\"",
            "CREATE ALIAS IF NOT EXISTS FX_JSON_OBJECT_HAS DETERMINISTIC FOR \"" + functions + ".objectHas\"");
    }

    @Override
    @NonNull
    public String updateReturning(@NonNull String update, @NonNull String columns) {
        // H2's data change delta table: the rows as the UPDATE left them
        return "SELECT " + columns + " FROM FINAL TABLE (" + update + ")";
    }

    @Override
    public void applyTimeout(@NonNull Connection connection, @NonNull Statement statement, @NonNull Duration timeout)
        throws SQLException {
        long seconds = Math.max(1, Math.min(MAX_TIMEOUT_SECONDS, (timeout.toMillis() + 999) / 1000));
        // H2 keeps the timeout per session and caches it, so reading it costs nothing. It is only ever raised:
        // setting it runs SET QUERY_TIMEOUT, which moves H2's database-wide modification ids, and that drops the
        // results H2 reuses for unchanged tables and the parsed statements of every session. Sessions shared
        // between deadlines of different lengths (a 1 s revocation lookup, a 30 s request) would otherwise set
        // it on nearly every statement. A shorter deadline is still kept: the request's deadline cancels the
        // running statement when it passes; this limit is only the second line behind it.
        if (statement.getQueryTimeout() < seconds) {
            statement.setQueryTimeout((int) seconds);
        }
    }

    /** The session's command, never a statement's cached one (see {@link H2Cancels}). */
    @Override
    public void cancel(@NonNull Statement statement) throws SQLException {
        H2Cancels.cancel(statement);
    }

    @Override
    public void cancelAgain(@NonNull Statement statement) throws SQLException {
        H2Cancels.cancel(statement);
    }

    @Override
    @NonNull
    public String jsonHas(@NonNull String column, @NonNull FieldType type) {
        return (type == FieldType.JSON_ARRAY ? "FX_JSON_ARRAY_HAS(" : "FX_JSON_OBJECT_HAS(") + column + ", ?)";
    }

    @Override
    @NonNull
    public Object jsonHasParameter(@NonNull FieldType type, @NonNull String value, @NonNull Function<Object, String> json) {
        return value;
    }

    @Override
    @NonNull
    public List<String> liveUniqueIndexStatements(@NonNull String table, @NonNull String indexName,
                                                  @NonNull List<String> columns, @NonNull String liveCondition) {
        List<String> quoted = new java.util.ArrayList<>(columns.stream().map(this::quote).toList());
        quoted.add(quote(LIVE_COLUMN));
        return List.of(
            "ALTER TABLE " + quote(table) + " ADD COLUMN IF NOT EXISTS " + quote(LIVE_COLUMN)
                + " BOOLEAN GENERATED ALWAYS AS (CASE WHEN " + liveCondition + " THEN TRUE END)",
            "CREATE UNIQUE INDEX IF NOT EXISTS " + quote(indexName) + " ON " + quote(table)
                + " (" + String.join(", ", quoted) + ")");
    }

    @Override
    public boolean isLiveUniqueIndex(@NonNull List<String> columns, String filterCondition) {
        return columns.contains(LIVE_COLUMN);
    }

    @Override
    @NonNull
    public List<String> helperColumns() {
        return List.of(LIVE_COLUMN);
    }

    /** A {@code MERGE ... USING (VALUES ...)}: H2 runs it as one atomic statement. */
    @Override
    @NonNull
    public String upsert(@NonNull String table, @NonNull List<String> keyColumns, @NonNull List<String> columns) {
        List<String> updated = columns.stream().filter(c -> !keyColumns.contains(c)).toList();
        String update = updated.isEmpty() ? ""
            : " WHEN MATCHED THEN UPDATE SET " + String.join(", ", updated.stream().map(c -> c + " = s." + c).toList());
        return merge(table, keyColumns, columns) + update + insert(columns);
    }

    @Override
    @NonNull
    public String insertIfAbsent(@NonNull String table, @NonNull List<String> keyColumns, @NonNull List<String> columns) {
        return merge(table, keyColumns, columns) + insert(columns);
    }

    @Override
    @NonNull
    public String insertReturning(@NonNull String table, @NonNull List<String> columns, @NonNull List<String> returned) {
        // H2's data change delta table: the rows as the insert left them
        return "SELECT " + String.join(", ", returned) + " FROM FINAL TABLE (INSERT INTO " + table + " ("
            + String.join(", ", columns) + ") VALUES (" + String.join(", ", Collections.nCopies(columns.size(), "?"))
            + "))";
    }

    private static String merge(String table, List<String> keyColumns, List<String> columns) {
        String marks = String.join(", ", Collections.nCopies(columns.size(), "?"));
        return "MERGE INTO " + table + " USING (VALUES (" + marks + ")) AS s (" + String.join(", ", columns) + ") ON "
            + String.join(" AND ", keyColumns.stream().map(c -> table + "." + c + " = s." + c).toList());
    }

    private static String insert(List<String> columns) {
        return " WHEN NOT MATCHED THEN INSERT (" + String.join(", ", columns) + ") VALUES ("
            + String.join(", ", columns.stream().map(c -> "s." + c).toList()) + ")";
    }
}
