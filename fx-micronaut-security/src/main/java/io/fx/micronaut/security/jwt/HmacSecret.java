package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.crypto.MACVerifier;
import io.fx.micronaut.exception.FxConfigurationException;

import java.nio.charset.StandardCharsets;

/**
 * Reads {@code fx.security.jwt.secret} once, for both verifying and signing HMAC tokens: a blank secret, or
 * one under 32 bytes (RFC 7518 section 3.2, as Nimbus enforces it), fails startup naming the key.
 */
final class HmacSecret {

    /** The property holding the secret. */
    static final String PROPERTY = JwtConfiguration.PREFIX + ".secret";

    private HmacSecret() {
    }

    /**
     * @param value the configured secret
     * @return its UTF-8 bytes, long enough for HS256
     * @throws FxConfigurationException when it is blank or too short
     */
    static byte[] bytes(String value) {
        if (value.isBlank()) {
            throw new FxConfigurationException(PROPERTY + " is blank");
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        try {
            new MACVerifier(bytes);
        } catch (JOSEException e) {
            throw new FxConfigurationException(PROPERTY + " is " + bytes.length
                + " bytes; HMAC tokens need a secret of at least 32 bytes (RFC 7518 section 3.2)");
        }
        return bytes;
    }
}
