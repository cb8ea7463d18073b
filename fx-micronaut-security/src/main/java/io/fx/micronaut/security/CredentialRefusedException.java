package io.fx.micronaut.security;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * A credential was missing or refused: 401 with the code given, answered with a
 * {@code WWW-Authenticate: Bearer realm="api"} header, to which {@code error="invalid_token"} and the
 * message are added when a bearer token was presented (RFC 6750 section 3).
 *
 * @since 0.4.0
 */
public class CredentialRefusedException extends FxException {

    private final boolean tokenPresented;

    /**
     * @param code           a 401 code, such as {@link ErrorCode#INVALID_TOKEN}
     * @param message        the message, naming the check; never a key or a token
     * @param tokenPresented whether a bearer token was presented
     * @param cause          the cause, logged at debug level only, or null
     */
    public CredentialRefusedException(@NonNull ErrorCode code, @NonNull String message, boolean tokenPresented,
                                      @Nullable Throwable cause) {
        super(401, code.name(), message, null, cause);
        this.tokenPresented = tokenPresented;
    }

    /**
     * @param message the message
     * @return a refusal with code {@code UNAUTHORIZED}, no token presented
     */
    @NonNull
    public static CredentialRefusedException unauthorized(@NonNull String message) {
        return new CredentialRefusedException(SecurityErrorCodes.UNAUTHORIZED, message, false, null);
    }

    /**
     * @param message the message
     * @return a refusal of a presented bearer token with code {@code INVALID_TOKEN}
     */
    @NonNull
    public static CredentialRefusedException invalidToken(@NonNull String message) {
        return new CredentialRefusedException(SecurityErrorCodes.INVALID_TOKEN, message, true, null);
    }

    /** @return whether a bearer token was presented, so the challenge names {@code invalid_token} */
    public boolean isTokenPresented() {
        return tokenPresented;
    }
}
