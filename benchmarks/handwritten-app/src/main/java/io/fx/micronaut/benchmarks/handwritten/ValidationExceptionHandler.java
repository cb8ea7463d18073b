package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.validation.exceptions.ConstraintExceptionHandler;
import jakarta.inject.Singleton;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders Bean Validation failures as a 422 {@code VALIDATION_ERROR} envelope listing every violation.
 *
 * @since 0.1.0
 */
@Produces
@Singleton
@Replaces(ConstraintExceptionHandler.class)
public class ValidationExceptionHandler implements ExceptionHandler<ConstraintViolationException, HttpResponse<ApiError>> {

    @Override
    public HttpResponse<ApiError> handle(HttpRequest request, ConstraintViolationException exception) {
        List<ApiError.Violation> details = new ArrayList<>();
        for (ConstraintViolation<?> violation : exception.getConstraintViolations()) {
            String path = violation.getPropertyPath().toString();
            String field = path.substring(path.lastIndexOf('.') + 1);
            String rule = violation.getConstraintDescriptor().getAnnotation().annotationType().getSimpleName().toLowerCase();
            details.add(new ApiError.Violation(field, rule, violation.getMessage()));
        }
        return HttpResponse.<ApiError>status(HttpStatus.UNPROCESSABLE_ENTITY)
            .body(new ApiError(new ApiError.Body("VALIDATION_ERROR", "Validation failed", details)));
    }
}
