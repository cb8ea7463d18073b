package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.KeySourceException;

/** No configured key matches the token's algorithm and {@code kid}. */
final class UnknownKeyException extends KeySourceException {

    UnknownKeyException() {
        super("unknown key id");
    }
}
