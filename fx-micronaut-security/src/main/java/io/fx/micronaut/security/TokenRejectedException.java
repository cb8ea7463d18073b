package io.fx.micronaut.security;

import io.micronaut.core.annotation.NonNull;

/**
 * Thrown by a {@link TokenHook} to refuse a token: 401 {@code INVALID_TOKEN} carrying this message.
 *
 * @since 0.4.0
 */
public class TokenRejectedException extends RuntimeException {

    /** @param message the client-facing reason, such as {@code account suspended} */
    public TokenRejectedException(@NonNull String message) {
        super(message);
    }
}
