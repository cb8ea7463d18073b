package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The storage SPI the pipeline runs operations through. The engine never sees SQL: an adapter
 * translates these calls for its database, applies soft-delete rules and the query deadline, and
 * translates database errors into {@link io.fx.micronaut.exception.FxException}s.
 *
 * <p>Records are maps keyed by field name holding Java values: String, Long, Double, Boolean,
 * {@link java.time.Instant}, List and Map. Every call joins the active transaction when one is set.</p>
 *
 * @since 0.1.0
 */
public interface DataStore {

    /**
     * @param model the model
     * @param query the parsed query; its {@code includes} are added to every record of the page
     * @return the requested page and the total
     */
    @NonNull
    Page list(@NonNull ModelDescriptor model, @NonNull ListQuery query);

    /**
     * @param model the model
     * @param id    the record id
     * @return the live record, if any
     */
    @NonNull
    Optional<Map<String, Object>> read(@NonNull ModelDescriptor model, @NonNull String id);

    /**
     * Reads a record with related records added under their relation keys, as {@code include} does
     * for lists: a BelongsTo as a record or null, HasMany and ManyToMany as lists, soft-deleted
     * related records left out, only readable fields.
     *
     * @param model    the model
     * @param id       the record id
     * @param includes relation keys, optionally nested one level ({@code comments.post})
     * @return the live record with its included relations, if any
     * @throws UnsupportedOperationException when includes are asked of a store that cannot load them
     */
    @NonNull
    default Optional<Map<String, Object>> read(@NonNull ModelDescriptor model, @NonNull String id,
                                               @NonNull List<String> includes) {
        if (includes.isEmpty()) {
            return read(model, id);
        }
        throw new UnsupportedOperationException(getClass().getName() + " does not load included relations");
    }

    /**
     * @param model  the model
     * @param values validated values of every writable field
     * @return the stored record, with id and timestamps
     */
    @NonNull
    Map<String, Object> create(@NonNull ModelDescriptor model, @NonNull Map<String, Object> values);

    /**
     * @param model  the model
     * @param id     the record id
     * @param values validated values of the fields to change
     * @return the updated record, or empty when no live record has that id
     */
    @NonNull
    Optional<Map<String, Object>> update(@NonNull ModelDescriptor model, @NonNull String id,
                                         @NonNull Map<String, Object> values);

    /**
     * Soft-deletes the record when the model soft-deletes, otherwise removes it.
     *
     * @param model the model
     * @param id    the record id
     * @return whether a live record was deleted
     */
    boolean delete(@NonNull ModelDescriptor model, @NonNull String id);

    /**
     * Runs work in a write transaction; fails with {@code TX_BEGIN_ERROR} when one is already active.
     *
     * @param work the work
     * @param <R>  the result type
     * @return the work's result, after commit
     */
    <R> R inTransaction(@NonNull Supplier<R> work);

    /** @return whether a transaction is active on the current thread */
    boolean inTransaction();

    /** Checks that the database answers; throws when it does not. */
    void ping();

    /**
     * Runs a raw query with bound parameters, joining the active transaction when there is one.
     * Column labels become lower-case keys; timestamps come back as {@link java.time.Instant}.
     *
     * @param sql        the SQL, with {@code ?} placeholders
     * @param parameters the values bound to the placeholders, in order
     * @return every row
     * @since 0.2.0
     */
    @NonNull
    default List<Map<String, Object>> query(@NonNull String sql, @NonNull List<?> parameters) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not run raw queries");
    }

    /**
     * Runs a raw statement with bound parameters, joining the active transaction when there is one
     * (otherwise in a write transaction of its own).
     *
     * @param sql        the SQL, with {@code ?} placeholders
     * @param parameters the values bound to the placeholders, in order
     * @return the number of rows changed
     * @since 0.2.0
     */
    default int execute(@NonNull String sql, @NonNull List<?> parameters) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not run raw statements");
    }

    /**
     * Reads a live record and locks its row until the active transaction ends.
     *
     * @param model the model
     * @param id    the record id
     * @return the locked record, or empty when no live record has that id
     * @throws TransactionRequiredException when no transaction is active
     * @since 0.2.0
     */
    @NonNull
    default Optional<Map<String, Object>> lockForUpdate(@NonNull ModelDescriptor model, @NonNull String id) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not lock rows");
    }
}
