package io.fx.micronaut.limits;

import io.fx.micronaut.exception.ErrorCode;

import java.util.List;

/**
 * The error codes only the limits module answers with; {@code BODY_TOO_LARGE} (413) is the core's. Published to
 * the error code registry and the API document by the module's {@link io.fx.micronaut.exception.ErrorCatalog}.
 *
 * @since 0.7.0
 */
public final class LimitsErrorCodes {

    /** A rate limit policy has no request left for the caller's key in its window; {@code Retry-After} says when. */
    public static final ErrorCode RATE_LIMITED = ErrorCode.of("RATE_LIMITED", 429);

    /**
     * The rate limit backend (Redis) could not answer in time and {@code fx.rate-limit.on-backend-error} is
     * {@code deny}.
     */
    public static final ErrorCode RATE_LIMIT_UNAVAILABLE = ErrorCode.of("RATE_LIMIT_UNAVAILABLE", 503);

    /** An {@code Idempotency-Key} header is empty, longer than 255 characters or not printable ASCII. */
    public static final ErrorCode INVALID_IDEMPOTENCY_KEY = ErrorCode.of("INVALID_IDEMPOTENCY_KEY", 400);

    /** The route requires an {@code Idempotency-Key} header and the request has none. */
    public static final ErrorCode IDEMPOTENCY_KEY_REQUIRED = ErrorCode.of("IDEMPOTENCY_KEY_REQUIRED", 400);

    /** The {@code Idempotency-Key} was used before, by the same caller on the same route, with another body. */
    public static final ErrorCode IDEMPOTENCY_KEY_REUSED = ErrorCode.of("IDEMPOTENCY_KEY_REUSED", 422);

    /** A first request with the same key is still running and did not finish within the wait. */
    public static final ErrorCode IDEMPOTENCY_KEY_IN_USE = ErrorCode.of("IDEMPOTENCY_KEY_IN_USE", 409);

    /** The idempotency store (Redis) could not answer for a request that carries a key; nothing ran. */
    public static final ErrorCode IDEMPOTENCY_UNAVAILABLE = ErrorCode.of("IDEMPOTENCY_UNAVAILABLE", 503);

    /** Every code above. */
    public static final List<ErrorCode> ALL = List.of(RATE_LIMITED, RATE_LIMIT_UNAVAILABLE, INVALID_IDEMPOTENCY_KEY,
        IDEMPOTENCY_KEY_REQUIRED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_UNAVAILABLE);

    private LimitsErrorCodes() {
    }
}
