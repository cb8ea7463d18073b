package io.fx.micronaut.db;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Converts one kind of field between the value the API carries and the value stored in its column, and
 * may keep companion columns beside it (an encrypted field's blind index, a file's size). A codec is a
 * bean; the first one (by {@linkplain #getOrder() order}) whose {@link #appliesTo} accepts a field owns
 * it, and fields no codec owns are stored as they are. Each conversion names its {@link CodecContext}: the
 * model, the field and the caller, so a codec can, for example, choose a key per tenant. The store runs the codec on every path that
 * reads or writes the field: pipeline writes, accessors, includes, cascades.
 *
 * <p>Stored values have the Java type of the field's {@link io.fx.micronaut.model.FieldType}:
 * {@code String}, {@code Long}, {@code Double}, {@code Boolean}, {@code java.time.Instant}, or a JSON
 * document ({@code List}/{@code Map}) for JSON columns. A codec that stores another representation than
 * the API's declares the field's storage type through a {@link io.fx.micronaut.model.FieldDirective}.
 *
 * @since 0.3.0
 */
public interface FieldCodec extends Ordered {

    /**
     * @param model the model
     * @param field one of its fields
     * @return whether this codec owns the field; asked once per field at startup
     */
    boolean appliesTo(@NonNull ModelDescriptor model, @NonNull FieldDescriptor field);

    /**
     * @param context the model, the field and the caller the value is written for
     * @param value   the API value, already validated; never null (null is stored as SQL NULL without a call)
     * @return the value to store
     * @since 0.7.0 (took the field alone before)
     */
    @NonNull
    Object encode(@NonNull CodecContext context, @NonNull Object value);

    /**
     * @param context the model, the field and the caller the value is read for
     * @param stored  the stored value; never null
     * @return the API value
     * @since 0.7.0 (took the field alone before)
     */
    @NonNull
    Object decode(@NonNull CodecContext context, @NonNull Object stored);

    /**
     * Companion columns kept beside the field. Auto-migration creates them (never drops them, and reports
     * drift like any column); they are never returned, filtered on or set by clients directly.
     *
     * @param field the field
     * @return descriptors of the companion columns (their names must not clash with a field)
     */
    @NonNull
    default List<FieldDescriptor> companions(@NonNull FieldDescriptor field) {
        return List.of();
    }

    /**
     * @param context the model, the field and the caller the value is written for
     * @param value   the API value being written, or null
     * @return the value of each companion column, by column name
     * @since 0.7.0 (took the field alone before)
     */
    @NonNull
    default Map<String, Object> companionValues(@NonNull CodecContext context, @Nullable Object value) {
        return Map.of();
    }

    /**
     * Rewrites an {@code eq}, {@code neq} or {@code in} filter on the field into one on a companion column
     * (an equality on ciphertext would never match; one on a blind index does).
     *
     * @param context the model, the field and the caller who filters
     * @param clause  the clause as parsed, values in API form
     * @return the clause to render instead, or empty to render the clause on the encoded values
     * @since 0.7.0 (took the field alone before)
     */
    @NonNull
    default Optional<FilterClause> rewriteFilter(@NonNull CodecContext context, @NonNull FilterClause clause) {
        return Optional.empty();
    }

    /**
     * @param field the field
     * @return whether clients may filter on the field at all (when false, a filter on it is refused as an
     *         unknown field would be, and the API document leaves it out of the filter vocabulary)
     */
    default boolean filterable(@NonNull FieldDescriptor field) {
        return true;
    }

    /**
     * @param field the field
     * @return whether clients may sort by the field at all
     */
    default boolean sortable(@NonNull FieldDescriptor field) {
        return true;
    }

    /**
     * Whether a {@code unique} field's own column carries its unique constraint. A codec whose stored values differ
     * for equal API values (encryption under a fresh nonce) cannot have uniqueness checked on them: it keeps a unique
     * companion column instead (a blind index) and returns false, so migration puts no unique constraint on the
     * stored column, which would enforce nothing and cost every write an index entry.
     *
     * @param field a field this codec owns
     * @return whether migration makes the field's own column unique when the field is
     * @since 0.10.0
     */
    default boolean uniqueOnStoredColumn(@NonNull FieldDescriptor field) {
        return true;
    }

    /**
     * Why clients may not filter on or sort by the field, when {@link #filterable} or {@link #sortable} says so: the
     * 400 {@code INVALID_QUERY} answer names the field and carries this reason instead of the generic "not
     * filterable", and its details carry it as {@code reason}. A short upper-case token, optionally followed by
     * an explanation: {@code ENCRYPTED_FIELD_NOT_FILTERABLE}.
     *
     * @param field the field
     * @return the reason, or empty for the generic refusal
     * @since 0.10.0
     */
    @NonNull
    default Optional<String> queryRefusal(@NonNull FieldDescriptor field) {
        return Optional.empty();
    }
}
