package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.http.HttpStatus;

import java.util.List;

/**
 * A refusal rendered as the error envelope by {@link ApiExceptionHandler}.
 *
 * @since 0.1.0
 */
public final class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String code;
    private final List<ApiError.Violation> details;

    /**
     * @param status  the HTTP status
     * @param code    the error code
     * @param message the message
     * @param details violations, or null
     */
    public ApiException(HttpStatus status, String code, String message, List<ApiError.Violation> details) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = details;
    }

    /** @return the HTTP status */
    public HttpStatus status() {
        return status;
    }

    /** @return the envelope */
    public ApiError toError() {
        return new ApiError(new ApiError.Body(code, getMessage(), details));
    }

    static ApiException notFound() {
        return new ApiException(HttpStatus.NOT_FOUND, "NOT_FOUND", "Post not found", null);
    }

    static ApiException invalidQuery(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "INVALID_QUERY", message, null);
    }

    static ApiException invalidCursor() {
        return new ApiException(HttpStatus.BAD_REQUEST, "INVALID_CURSOR", "cursor: malformed or forged", null);
    }
}
