package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.SqlCapabilities;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What differs between SQL databases, kept to one small interface; everything else in the JDBC
 * adapter is shared. One implementation per database, selected at startup from the JDBC product name.
 *
 * @since 0.1.0
 */
public interface SqlDialect extends SqlCapabilities {

    /** The advisory-lock key auto-migration takes on server databases ("fx" + "mig"). */
    long MIGRATION_LOCK_KEY = 0x66786d6967L;

    /**
     * @param databaseProductName {@link java.sql.DatabaseMetaData#getDatabaseProductName()}
     * @return whether this dialect serves that database
     */
    boolean supports(@NonNull String databaseProductName);

    /**
     * Bounds the statements of the auto-migration transaction on this connection. DDL at startup can take longer
     * than a request's deadline (a short {@code fx.query-timeout} must not stop the application from starting),
     * so migration gets at least {@link #MIGRATION_MINIMUM_BOUND}; where statements are bounded per statement
     * ({@link #applyTimeout}) there is nothing to do here.
     *
     * @param connection the migration's connection, inside its transaction
     * @param bound      the bound, at least the minimum; zero for none
     * @throws SQLException when the database refuses the setting
     */
    default void boundMigration(@NonNull Connection connection, @NonNull Duration bound) throws SQLException {
    }

    /** The least time migration statements get, whatever {@code fx.query-timeout} says. */
    Duration MIGRATION_MINIMUM_BOUND = Duration.ofMinutes(1);

    @Override
    @NonNull
    default String claimRows() {
        return " FOR UPDATE SKIP LOCKED";
    }

    /**
     * @param identifier a lower-case table, column or index name
     * @return the quoted identifier
     */
    @NonNull
    default String quote(@NonNull String identifier) {
        return '"' + identifier + '"';
    }

    /**
     * @param field a field
     * @return the column type in DDL
     */
    @NonNull
    String columnType(@NonNull FieldDescriptor field);

    /**
     * The column type of a column that stores record ids of another table (a foreign key), which
     * must match the type of {@code id} (for example {@code uuid} on PostgreSQL).
     *
     * @return the column type in DDL
     */
    @NonNull
    String referenceColumnType();

    /**
     * @param type a field type
     * @return the {@link java.sql.Types} codes a correctly migrated column may report
     */
    @NonNull
    List<Integer> jdbcTypes(@NonNull FieldType type);

    /**
     * @return whether the database sorts nulls above every value by default (PostgreSQL) rather than below (H2):
     *         lists keep that placement and their cursors continue it
     */
    default boolean sortsNullsHigh() {
        return false;
    }

    /**
     * @param select a query, with its parameters still to bind
     * @return a statement whose single row and column hold the planner's JSON plan of that query, whose first
     *         {@code "Plan Rows"} is its row estimate; null when the database has no cheap estimate (lists then
     *         count exactly)
     */
    @Nullable
    default String estimateStatement(@NonNull String select) {
        return null;
    }

    /** @return whether write transactions must take a process-wide write lock (embedded databases) */
    boolean serializesWrites();

    /** @return whether the database runs inside the application's process, so a statement is no network round trip */
    boolean embedded();

    /**
     * Whether ids should be bound as {@link java.util.UUID} values where the table's {@code id} column
     * is of the database's native {@code uuid} type (see {@code IdBinder}), rather than as text.
     *
     * @return false unless the database has a native uuid type and its driver profits from typed ids
     */
    default boolean bindsUuidIds() {
        return false;
    }

    /**
     * Statements run once before migration, for example to register helper functions.
     *
     * @return the statements
     */
    @NonNull
    default List<String> setupStatements() {
        return List.of();
    }

    /**
     * Turns an {@code UPDATE} into a query that returns the given columns of the rows it changed, as
     * they are after the change, so a write and its read-back are one round trip.
     *
     * @param update  an UPDATE statement
     * @param columns the quoted column list to return
     * @return the query
     * @since 0.3.0
     */
    @NonNull
    String updateReturning(@NonNull String update, @NonNull String columns);

    /**
     * An update of one row that locks and reads the row in the same statement and returns it twice: the selected
     * columns as the row was, then as the update left it. A write whose pre-image is needed only after its
     * statement then costs one round trip instead of two. The parameters are the assignments', then the read's.
     *
     * @param table       the quoted table
     * @param assignments the {@code SET} list, {@code "a" = ?, "b" = ?}, with unqualified columns
     * @param read        a {@code SELECT} of {@code columns} from {@code table} with the row's {@code WHERE}, without
     *                    {@code FOR UPDATE}
     * @param columns     the quoted columns {@code read} selects, {@code "id"} among them
     * @return the statement, or empty when the database has no such statement (the store then reads the pre-image
     *     first)
     * @since 0.11.0
     */
    @NonNull
    default Optional<String> updateReturningPreImage(@NonNull String table, @NonNull String assignments,
                                                     @NonNull String read, @NonNull List<String> columns) {
        return Optional.empty();
    }

    /**
     * Applies a statement deadline enforced by the database itself, as a second line behind the
     * request's deadline, which cancels the running statement with {@link Statement#cancel()} when it
     * passes or the client leaves. Called for every prepared statement with what is left of the
     * request's deadline, so it should cost nothing when the value did not change (or do nothing, when
     * the pool sets a session-wide limit, as PostgreSQL's {@code statement_timeout} does).
     *
     * @param connection the connection
     * @param statement  the statement about to run
     * @param timeout    the positive time left (at most a day for a request without a limit)
     * @throws SQLException on failure
     */
    void applyTimeout(@NonNull Connection connection, @NonNull Statement statement, @NonNull Duration timeout)
        throws SQLException;

    /**
     * Cancels a statement the request's deadline registered, from another thread, when the deadline passes or the
     * client goes away. The statement may have finished meanwhile, and its connection may be back in the pool: a
     * cancel must then reach nothing, in particular not the next statement on that connection. The default is
     * {@link Statement#cancel()}.
     *
     * @param statement the statement the request ran last
     * @throws SQLException on failure
     * @since 0.11.0
     */
    default void cancel(@NonNull Statement statement) throws SQLException {
        statement.cancel();
    }

    /**
     * Cancels a statement again after an earlier {@link Statement#cancel()} did not stop it, which the
     * request's deadline does every 100 ms until the statement ends. The default cancels the statement
     * once more. A driver that honours only one cancel per execution needs another way, or a cancel the
     * database dropped (one that arrived while the server was still reading the statement, or one the
     * statement itself caught) would leave the statement running until the database's own limit.
     *
     * @param statement the statement the request is still running
     * @throws SQLException on failure
     * @since 0.6.0
     */
    default void cancelAgain(@NonNull Statement statement) throws SQLException {
        statement.cancel();
    }

    /**
     * @param column the quoted JSON column
     * @param type   {@link FieldType#JSON_ARRAY} or {@link FieldType#JSON_OBJECT}
     * @return a boolean SQL condition with one {@code ?} for the candidate (see {@link #jsonHasParameter})
     */
    @NonNull
    String jsonHas(@NonNull String column, @NonNull FieldType type);

    /**
     * @param type  the JSON field type
     * @param value the filter value: an element, or {@code key=value}
     * @param json  serialises a plain Java value to JSON text
     * @return the value to bind to the {@link #jsonHas} placeholder
     */
    @NonNull
    Object jsonHasParameter(@NonNull FieldType type, @NonNull String value, @NonNull java.util.function.Function<Object, String> json);

    /**
     * Statements that index a filterable JSON column for {@link #jsonHas}, run by auto-migration.
     *
     * @param table     the table
     * @param column    the JSON column
     * @param indexName the index name to use
     * @return the statements, empty when the database has no such index
     */
    @NonNull
    default List<String> jsonIndexStatements(@NonNull String table, @NonNull String column, @NonNull String indexName) {
        return List.of();
    }

    /**
     * Statements that create a unique index holding among a soft-delete model's live rows only, so
     * that a soft-deleted row never keeps a value taken. The default is a partial index
     * ({@code CREATE UNIQUE INDEX ... WHERE live}); a database without partial indexes overrides it
     * (and {@link #isLiveUniqueIndex}, {@link #helperColumns}) with an equivalent.
     *
     * @param table         the table
     * @param indexName     the index name, which a violation reports and which names the conflicting field
     * @param columns       the indexed columns, in order
     * @param liveCondition the live-row condition on unqualified, quoted columns
     * @return the statements, each idempotent
     * @since 0.3.0
     */
    @NonNull
    default List<String> liveUniqueIndexStatements(@NonNull String table, @NonNull String indexName,
                                                   @NonNull List<String> columns, @NonNull String liveCondition) {
        return List.of("CREATE UNIQUE INDEX IF NOT EXISTS " + quote(indexName) + " ON " + quote(table) + " ("
            + String.join(", ", columns.stream().map(this::quote).toList()) + ") WHERE " + liveCondition);
    }

    /**
     * Tells an existing unique index that {@link #liveUniqueIndexStatements} created (kept as it is
     * by auto-migration) from a full one (converted).
     *
     * @param columns         the index's columns as JDBC metadata reports them, lower case
     * @param filterCondition the index's filter condition as JDBC metadata reports it, or null
     * @return whether the index already holds among live rows only
     * @since 0.3.0
     */
    default boolean isLiveUniqueIndex(@NonNull List<String> columns, @Nullable String filterCondition) {
        return filterCondition != null && !filterCondition.isBlank();
    }

    /**
     * @return lower-case names of columns the dialect adds to tables itself (not fields; schema drift
     *     checks ignore them)
     * @since 0.3.0
     */
    @NonNull
    default List<String> helperColumns() {
        return List.of();
    }

    /**
     * A statement that takes a lock held until the migration transaction ends, so replicas that
     * start at once migrate one after the other.
     *
     * @return the statement, empty when the database needs none (embedded databases)
     */
    @NonNull
    default Optional<String> migrationLock() {
        return Optional.empty();
    }

    /**
     * @param e a failed statement's exception
     * @return the structured fields the server reported, when the driver exposes them
     */
    @NonNull
    default Optional<ServerError> serverError(@NonNull SQLException e) {
        return Optional.empty();
    }

    /**
     * @param id a record id in its stored form ({@link io.fx.micronaut.model.RecordIds})
     * @return false when no stored record can have exactly this id, so the lookup answers not found
     *     without asking the database (for example text a native uuid column would refuse with an error)
     */
    default boolean canStoreId(@NonNull String id) {
        return true;
    }

    /**
     * Binds JSON text to a parameter of a JSON column.
     *
     * @param statement the statement
     * @param index     the parameter index
     * @param json      the JSON text, or null
     * @throws SQLException on failure
     */
    default void bindJson(@NonNull PreparedStatement statement, int index, String json) throws SQLException {
        if (json == null) {
            statement.setNull(index, java.sql.Types.VARCHAR);
        } else {
            statement.setString(index, json);
        }
    }
}
