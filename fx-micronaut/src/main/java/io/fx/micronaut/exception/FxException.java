package io.fx.micronaut.exception;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.util.Optional;

/**
 * Root of every error the framework raises while serving a request. It carries the HTTP status,
 * the machine-readable code and optional details that together form the error envelope
 * {@code {"error":{"code","message","details"}}}.
 *
 * <p>For statuses of 500 and above the message and details are never sent to the client: the
 * envelope carries the generic status text and the real cause is logged once with the request id.</p>
 *
 * <p>A temporary failure may say when to try again ({@link #getRetryAfter()}): its answer then carries
 * {@code Retry-After} in whole seconds.</p>
 *
 * @since 0.1.0
 */
public class FxException extends RuntimeException {

    private final int status;
    private final String code;
    private final transient Object details;
    private final Duration retryAfter;

    /**
     * @param status  HTTP status of the answer
     * @param code    machine-readable error code, for example {@code INVALID_QUERY}
     * @param message human-readable message
     */
    public FxException(int status, @NonNull String code, @NonNull String message) {
        this(status, code, message, null, null);
    }

    /**
     * @param status  HTTP status of the answer
     * @param code    machine-readable error code
     * @param message human-readable message
     * @param details optional structured details (serialised as JSON)
     * @param cause   optional cause, logged but never shown to clients
     */
    public FxException(int status, @NonNull String code, @NonNull String message,
                       @Nullable Object details, @Nullable Throwable cause) {
        this(status, code, message, details, cause, null);
    }

    /**
     * @param status     HTTP status of the answer
     * @param code       machine-readable error code
     * @param message    human-readable message
     * @param details    optional structured details (serialised as JSON)
     * @param cause      optional cause, logged but never shown to clients
     * @param retryAfter how long the client should wait before trying again, sent as {@code Retry-After} (whole
     *                   seconds, rounded up), or null
     * @since 0.10.0
     */
    public FxException(int status, @NonNull String code, @NonNull String message,
                       @Nullable Object details, @Nullable Throwable cause, @Nullable Duration retryAfter) {
        super(message, cause);
        if (retryAfter != null && retryAfter.isNegative()) {
            throw new IllegalArgumentException("retryAfter must not be negative");
        }
        this.status = status;
        this.code = code;
        this.details = details;
        this.retryAfter = retryAfter;
    }

    /** @return the HTTP status of the answer */
    public int getStatus() {
        return status;
    }

    /** @return the machine-readable error code */
    @NonNull
    public String getCode() {
        return code;
    }

    /** @return structured details, or {@code null} */
    @Nullable
    public Object getDetails() {
        return details;
    }

    /**
     * @return how long the client should wait before trying again, when the failure is temporary and says so
     * @since 0.10.0
     */
    @NonNull
    public Optional<Duration> getRetryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
