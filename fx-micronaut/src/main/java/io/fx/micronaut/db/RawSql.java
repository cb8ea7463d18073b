package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;

/**
 * Raw SQL with bound parameters, for the tables a module keeps of its own (a revocation list, an event
 * outbox) and for queries the model API cannot express. No scope applies and no record listener runs: raw
 * SQL is the caller's responsibility. What the database can do beyond portable SQL, as the module needs it
 * (claiming rows, an upsert), is offered through {@link #capabilities()}.
 *
 * @since 0.7.0 (part of {@code DataStore} before)
 */
public interface RawSql {

    /**
     * Whether the database runs inside the application's process (H2), as opposed to a database server reached
     * over the network (PostgreSQL). A statement on an embedded database costs no round trip, so gathering
     * concurrent lookups into one statement gains nothing there; on a server it saves one round trip per
     * lookup. A store of raw SQL (such as the SQL revocation store) reads it to choose.
     *
     * @return whether the database is embedded; {@code false} unless the store says otherwise
     * @since 0.6.0
     */
    default boolean isEmbedded() {
        return false;
    }

    /** Checks that the database answers; throws when it does not. */
    void ping();

    /**
     * Runs a raw query with bound parameters, joining the active transaction when there is one.
     * Column labels become lower-case keys; timestamps come back as {@link java.time.Instant}. No
     * scope applies: raw SQL is the caller's responsibility.
     *
     * @param sql        the SQL, with {@code ?} placeholders
     * @param parameters the values bound to the placeholders, in order
     * @return every row
     * @since 0.2.0
     */
    @NonNull
    List<Map<String, Object>> query(@NonNull String sql, @NonNull List<?> parameters);

    /**
     * Maps a row of a raw query over a model's table to the record a read would answer: its readable
     * fields only, JSON columns parsed, numbers and timestamps in the types of the fields, and each field a
     * {@link FieldCodec} owns decoded for the caller. Columns the row lacks are absent from the record.
     *
     * @param caller who reads the row (a codec may decode per caller)
     * @param model  the model whose table the row comes from
     * @param row    a row as {@link #query} returns it (lower-case column labels)
     * @return the record
     * @since 0.3.0 (the caller since 0.7.0)
     */
    @NonNull
    Map<String, Object> toRecord(@NonNull StorageContext caller, @NonNull ModelDescriptor model,
                                 @NonNull Map<String, Object> row);

    /**
     * Runs a raw query on the primary database, as {@link #query} does, but never on a read replica: outside a
     * transaction it borrows an auto-commit connection of the primary's pool (no BEGIN/COMMIT round trips, and
     * on an embedded database no write lock); inside one it joins it. For lookups that replica lag must not
     * answer stale, such as a revocation check.
     *
     * @param sql        the SQL, with {@code ?} placeholders
     * @param parameters the values bound to the placeholders, in order
     * @return every row
     * @since 0.5.0
     */
    @NonNull
    List<Map<String, Object>> queryPrimary(@NonNull String sql, @NonNull List<?> parameters);

    /**
     * Runs a raw statement with bound parameters, joining the active transaction when there is one
     * (otherwise in a write transaction of its own). No scope applies and no record listener runs.
     *
     * @param sql        the SQL, with {@code ?} placeholders
     * @param parameters the values bound to the placeholders, in order
     * @return the number of rows changed
     * @since 0.2.0
     */
    int execute(@NonNull String sql, @NonNull List<?> parameters);

    /**
     * Runs one raw statement in auto-commit on a connection of the primary's pool, never in a write transaction of
     * its own (inside an active transaction it joins it, as {@link #execute} does). It saves the transaction's
     * round trips, and on an embedded database it does not take the process-wide write lock that write
     * transactions take, so the application's writers never wait for it: use it only for rows of a module's own
     * table that no concurrent transaction updates (an outbox marking its deliveries, say), where two writers
     * cannot meet on a row.
     *
     * @param sql        the SQL, with {@code ?} placeholders
     * @param parameters the values bound to the placeholders, in order
     * @return the number of rows changed
     * @since 0.7.0
     */
    default int executeAutoCommit(@NonNull String sql, @NonNull List<?> parameters) {
        return execute(sql, parameters);
    }

    /**
     * Creates a module's tables: runs statements that create only what is missing ({@code CREATE TABLE IF NOT
     * EXISTS}, {@code CREATE INDEX IF NOT EXISTS}), in order, each in a transaction of its own. Several instances may
     * start at once: a statement that loses the race with another instance's is run again (up to five attempts,
     * 20 ms more apart each time) and then finds the object. Call it outside any transaction: DDL would commit or
     * abort the caller's.
     *
     * @param statements the statements, in order
     * @throws RuntimeException the last attempt's failure, when a statement keeps failing
     * @since 0.7.0
     */
    default void migrate(@NonNull List<String> statements) {
        int attempts = 5;
        for (String statement : statements) {
            for (int attempt = 1; ; attempt++) {
                try {
                    execute(statement, List.of());
                    break;
                } catch (RuntimeException e) {
                    if (attempt >= attempts) {
                        throw e;
                    }
                    LoggerFactory.getLogger(RawSql.class)
                        .debug("Table migration attempt {} failed; trying again", attempt, e);
                    try {
                        Thread.sleep(20L * attempt);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while creating tables", interrupted);
                    }
                }
            }
        }
    }

    /**
     * @return the active database's spelling of what portable SQL cannot say
     * @since 0.7.0
     */
    @NonNull
    SqlCapabilities capabilities();
}
