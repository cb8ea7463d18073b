package io.fx.micronaut.model;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The value rules of a field, from its directives and its Jakarta Validation constraints.
 *
 * @param required   must be present (and not null) on create
 * @param notBlank   a string must contain a non-whitespace character
 * @param enumValues allowed values; empty when unrestricted
 * @param min        inclusive numeric lower bound, or null
 * @param max        inclusive numeric upper bound, or null
 * @param minSize    minimum length of a string or array, or null
 * @param maxSize    maximum length of a string or array, or null
 * @param pattern    a regular expression a string must match in full, or null
 * @param email      a string must be an e-mail address
 * @since 0.1.0
 */
public record FieldConstraints(boolean required,
                               boolean notBlank,
                               @NonNull List<String> enumValues,
                               @Nullable Double min,
                               @Nullable Double max,
                               @Nullable Integer minSize,
                               @Nullable Integer maxSize,
                               @Nullable Pattern pattern,
                               boolean email) {

    /** No constraints at all. */
    public static final FieldConstraints NONE =
        new FieldConstraints(false, false, List.of(), null, null, null, null, null, false);

    /**
     * @param value whether the field is required
     * @return a copy with {@code required} replaced
     * @since 0.2.0
     */
    @NonNull
    public FieldConstraints withRequired(boolean value) {
        return new FieldConstraints(value, notBlank, enumValues, min, max, minSize, maxSize, pattern, email);
    }

    /**
     * @param values the allowed values; empty when unrestricted
     * @return a copy with {@code enumValues} replaced
     * @since 0.2.0
     */
    @NonNull
    public FieldConstraints withEnumValues(@NonNull List<String> values) {
        return new FieldConstraints(required, notBlank, List.copyOf(values), min, max, minSize, maxSize, pattern, email);
    }

    /**
     * @param lower the inclusive lower bound, or null
     * @param upper the inclusive upper bound, or null
     * @return a copy with {@code min} and {@code max} replaced
     * @since 0.2.0
     */
    @NonNull
    public FieldConstraints withBounds(@Nullable Double lower, @Nullable Double upper) {
        return new FieldConstraints(required, notBlank, enumValues, lower, upper, minSize, maxSize, pattern, email);
    }
}
