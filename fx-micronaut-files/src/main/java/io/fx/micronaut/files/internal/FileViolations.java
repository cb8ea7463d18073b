package io.fx.micronaut.files.internal;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.exception.ValidationViolation;

import java.util.List;

/** The 422 {@code VALIDATION_ERROR} of one field, in the shape the core's validation answers with. */
final class FileViolations {

    private FileViolations() {
    }

    static FxException of(String field, String rule, String message) {
        return ErrorCode.VALIDATION_ERROR.exception("Validation failed",
            List.of(new ValidationViolation(field, rule, message)), null);
    }
}
