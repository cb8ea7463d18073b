package io.fx.micronaut.accessor;

import io.fx.micronaut.db.Page;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CRUD on one registered model, as the generated routes do it but without the Auth step: bodies go
 * through the model's field rules (422 {@code VALIDATION_ERROR}), queries through the query language
 * (400 {@code INVALID_QUERY}), soft-delete rules apply. Records are maps keyed by field name holding
 * the stored Java values (hidden fields are not read).
 *
 * @since 0.2.0
 */
public interface ModelAccessor {

    /** @return the model */
    @NonNull
    ModelDescriptor model();

    /**
     * @param queryString a query string as on the list route, e.g. {@code filter=status:eq:draft&sort=title};
     *                    percent-encoding is decoded; empty for the first page of everything
     * @return the page
     */
    @NonNull
    Page list(@NonNull String queryString);

    /**
     * @param parameters query parameters by name, as on the list route
     * @return the page
     */
    @NonNull
    Page list(@NonNull Map<String, List<String>> parameters);

    /**
     * @param id a record id
     * @return the live record, if any
     */
    @NonNull
    Optional<Map<String, Object>> read(@NonNull String id);

    /**
     * Exact lookup of a live record by a unique field: an equality on the column, or, for a field whose codec stores
     * it in another form (an {@code encrypted,unique} field), on the codec's companion column (its blind index),
     * which the query language refuses to filter on. Soft-delete rules and the caller's scopes apply as on a read.
     *
     * @param field the snake_case name of a field declared {@code unique}
     * @param value the API value to look up
     * @return the record, or empty when none has that value
     * @throws IllegalArgumentException when the model has no such unique field, or the value is null
     * @since 0.10.0
     */
    @NonNull
    Optional<Map<String, Object>> findByUnique(@NonNull String field, @NonNull Object value);

    /**
     * @param body field values, as a JSON create body would carry them
     * @return the stored record
     */
    @NonNull
    Map<String, Object> create(@NonNull Map<String, Object> body);

    /**
     * @param id   a record id
     * @param body the fields to change, as a JSON update body would carry them (immutable ones are stripped)
     * @return the updated record, or empty when no live record has that id
     */
    @NonNull
    Optional<Map<String, Object>> update(@NonNull String id, @NonNull Map<String, Object> body);

    /**
     * @param id a record id
     * @return whether a live record was deleted (soft-deleted when the model soft-deletes)
     */
    boolean delete(@NonNull String id);

    /**
     * Reads a live record and locks its row until the active transaction ends, so concurrent
     * lockers wait.
     *
     * @param id a record id
     * @return the locked record, or empty when no live record has that id
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     */
    @NonNull
    Optional<Map<String, Object>> lockForUpdate(@NonNull String id);

    /**
     * Maps a row of a raw query over this model's table ({@code Models.query("SELECT * FROM posts ...")}) to
     * the record a read answers: readable fields only, values in the fields' types, codec-owned fields decoded.
     *
     * @param row a raw row (lower-case column labels)
     * @return the record
     * @since 0.3.0
     */
    @NonNull
    Map<String, Object> fromRow(@NonNull Map<String, Object> row);
}
