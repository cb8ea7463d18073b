package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * A {@link Revoker} could not be read or written: the store is down, unreachable or slower than
 * {@code fx.security.revocation.timeout}. Requests that needed the answer are refused with 503
 * {@code REVOCATION_UNAVAILABLE} and a generic message; the cause is logged, never sent.
 *
 * @since 0.5.0
 */
public class RevocationUnavailableException extends RuntimeException {

    /**
     * @param message what failed (logged, not sent to clients)
     * @param cause   the store's failure
     */
    public RevocationUnavailableException(@NonNull String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
