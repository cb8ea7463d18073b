package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;

import java.util.Optional;
import java.util.Set;

/**
 * One directive of the {@code @Fx("...")} vocabulary: its name, how its value is read, the field types it
 * applies to, the directives it cannot be combined with, and what it does to the field's descriptor.
 * Every directive the core understands is one of these; a module adds one ({@code file}, {@code encrypted},
 * {@code scheduled}) by declaring a bean. Names are unique across the core and every module.
 *
 * <p>While a field is described, directives run in {@linkplain #getOrder() order} on one
 * {@link FieldDescriptor.Builder}; a directive that needs the outcome of others (a default value that
 * must satisfy the field's enum) takes a higher order. Every failure is a startup failure naming the
 * model and the field ({@link DirectiveSite#fail(String)}).
 *
 * @since 0.2.0
 */
public interface FieldDirective extends Ordered {

    /** @return the name written in {@code @Fx}, such as {@code filterable} */
    @NonNull
    String name();

    /** @return whether the directive needs a value ({@code max:10}); a value directive written bare fails startup */
    default boolean takesValue() {
        return false;
    }

    /**
     * @return the storage types of fields this directive applies to, checked once every directive of the
     *         field has run; empty means any type
     */
    @NonNull
    default Set<FieldType> fieldTypes() {
        return Set.of();
    }

    /** @return names of directives that cannot appear on the same field as this one */
    @NonNull
    default Set<String> conflictsWith() {
        return Set.of();
    }

    /**
     * Whether a misspelling of this directive must fail startup rather than be warned about: an unknown directive
     * whose closest registered name is this one, within an edit distance of a third of this name's length (at
     * least one), fails even without {@code fx.strict}. A directive whose absence silently weakens the field (a
     * typo of {@code encrypted} would leave plain text at rest) says true.
     *
     * @return whether near-misses of this directive's name are fatal
     * @since 0.10.0
     */
    default boolean nearMissFatal() {
        return false;
    }

    /**
     * Lets the directive decide the field's storage type ({@code json_array} makes a {@code List} property a
     * JSON column). At most one directive of a field may decide it; otherwise the type is inferred from
     * the Java type.
     *
     * @param site the field
     * @return the storage type, or empty to leave it to inference
     */
    @NonNull
    default Optional<FieldType> storageType(@NonNull DirectiveSite site) {
        return Optional.empty();
    }

    /**
     * Reads the directive's value. The default keeps the text as written.
     *
     * @param value the text after the colon (or the semicolon: {@code scheduled;soft-delete}), trimmed and not empty
     * @param site  the field
     * @return the parsed value handed to {@link #apply}
     */
    @NonNull
    default Object parse(@NonNull String value, @NonNull DirectiveSite site) {
        return value;
    }

    /**
     * Applies the directive to the field being described.
     *
     * @param field the builder of the field's descriptor
     * @param value the parsed value, null when the directive takes none
     * @param site  the field
     */
    void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site);
}
