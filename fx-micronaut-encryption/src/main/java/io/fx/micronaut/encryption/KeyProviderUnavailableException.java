package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * A {@link KeyProvider} could not be asked (unreachable, timed out, refused). A request that needed the key answers
 * 503 {@code KEY_PROVIDER_UNAVAILABLE}. The message names the provider and the key id, never a secret.
 *
 * @since 0.10.0
 */
public class KeyProviderUnavailableException extends RuntimeException {

    /**
     * @param message what failed, without secrets
     * @param cause   the underlying failure, or null
     */
    public KeyProviderUnavailableException(@NonNull String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
