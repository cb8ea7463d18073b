package io.fx.micronaut.db;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * What the active database can do beyond portable SQL, spelled for it, so a module that keeps tables of its
 * own through {@link RawSql} (an outbox, counters, idempotency entries) writes one statement for H2 and
 * PostgreSQL alike. Table and column names are plain lower-case identifiers; every statement binds its
 * values with {@code ?} placeholders in the order of {@code columns}.
 *
 * @since 0.7.0
 */
public interface SqlCapabilities {

    /**
     * The clause that ends a {@code SELECT} claiming rows: they are locked until the transaction ends, and
     * rows another transaction holds are skipped instead of waited for, so concurrent workers claim disjoint
     * rows. (An embedded database runs a context's write transactions one at a time, so there a claim meets
     * another only from a second context on the same database.) H2 locks every row the {@code WHERE} matches before
     * a {@code LIMIT} applies: to claim the first rows of a long queue, find their keys first without the clause
     * (ordered by the columns of an index, leading equality columns included, so the walk stops at the limit),
     * then claim those keys with it, repeating the conditions.
     *
     * @return {@code " FOR UPDATE SKIP LOCKED"} as the database spells it, with a leading space
     */
    @NonNull
    String claimRows();

    /**
     * An atomic insert-or-update: a row whose key columns match is updated to the given values, otherwise
     * one is inserted.
     *
     * @param table      the table
     * @param keyColumns the columns of its primary key or of a unique index
     * @param columns    every column written, the key columns among them
     * @return the statement, with one {@code ?} per column in {@code columns} order
     */
    @NonNull
    String upsert(@NonNull String table, @NonNull List<String> keyColumns, @NonNull List<String> columns);

    /**
     * An atomic insert that does nothing when a row with the same key exists: its update count says
     * whether this call inserted (1) or found the key taken (0).
     *
     * @param table      the table
     * @param keyColumns the columns of its primary key or of a unique index
     * @param columns    every column written, the key columns among them
     * @return the statement, with one {@code ?} per column in {@code columns} order
     */
    @NonNull
    String insertIfAbsent(@NonNull String table, @NonNull List<String> keyColumns, @NonNull List<String> columns);

    /**
     * An insert that answers values the database generated for the new row (an identity column, a default), so a
     * module learns, say, the sequence number of the row it wrote without a second lookup. Run it as a query, with
     * {@link RawSql#query} inside a transaction or with {@link RawSql#queryPrimary}: it answers one row holding
     * the {@code returned} columns.
     *
     * @param table    the table
     * @param columns  the columns written
     * @param returned the columns to answer, generated ones among them
     * @return the statement, with one {@code ?} per column in {@code columns} order
     * @since 0.7.0
     */
    @NonNull
    String insertReturning(@NonNull String table, @NonNull List<String> columns, @NonNull List<String> returned);
}
