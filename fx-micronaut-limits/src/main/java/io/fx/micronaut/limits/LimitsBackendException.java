package io.fx.micronaut.limits;

/**
 * A rate limit backend or an {@link IdempotencyStore} could not answer: unreachable, too slow, or failing. The rate
 * limit middleware then allows or denies as {@code fx.rate-limit.on-backend-error} says; the idempotency middleware
 * answers 503 {@code IDEMPOTENCY_UNAVAILABLE} and runs nothing. Its message never reaches the client.
 *
 * @since 0.7.0
 */
public final class LimitsBackendException extends RuntimeException {

    /**
     * @param message what failed, without secrets
     * @param cause   the cause
     */
    public LimitsBackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
