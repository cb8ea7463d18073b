package io.fx.micronaut.exception;

import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.NonNull;

/**
 * One violated field rule, reported in the {@code details} of a {@code VALIDATION_ERROR}.
 *
 * @param field   the JSON property name
 * @param rule    the rule that failed, for example {@code required}, {@code enum}, {@code min}, {@code type}
 * @param message a human-readable explanation
 * @since 0.1.0
 */
@Introspected
public record ValidationViolation(@NonNull String field, @NonNull String rule, @NonNull String message) {
}
