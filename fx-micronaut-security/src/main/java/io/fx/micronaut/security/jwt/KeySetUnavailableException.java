package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.KeySourceException;

/** The key set has never been fetched successfully: 503 {@code JWKS_UNAVAILABLE}. */
final class KeySetUnavailableException extends KeySourceException {

    KeySetUnavailableException() {
        super("the key set has never been fetched");
    }
}
