package io.fx.micronaut.benchmarks.handwritten;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/**
 * The error envelope {@code {"error":{"code","message","details"?}}}.
 *
 * @param error the error
 * @since 0.1.0
 */
@Serdeable
public record ApiError(Body error) {

    /**
     * @param code    machine-readable code
     * @param message human-readable message
     * @param details field violations, or null
     */
    @Serdeable
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Body(String code, String message, @Nullable List<Violation> details) {
    }

    /**
     * @param field   the field
     * @param rule    the rule violated
     * @param message the message
     */
    @Serdeable
    public record Violation(String field, String rule, String message) {
    }
}
