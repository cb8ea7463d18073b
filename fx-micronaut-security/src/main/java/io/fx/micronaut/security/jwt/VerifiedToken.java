package io.fx.micronaut.security.jwt;

import com.nimbusds.jwt.JWTClaimsSet;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A token whose signature was verified: its claims, its {@code iat} to the millisecond, read from the
 * payload's JSON since Nimbus's {@link JWTClaimsSet} truncates it to whole seconds, and whether the module's
 * own {@link TokenIssuer} issued it (an HMAC token with its {@code kid}), so that its {@code iat} is this
 * server's clock.
 *
 * @param claims      the claims
 * @param issuedAt    the {@code iat} to the millisecond (sub-millisecond digits dropped), or null when absent or
 *                    not a number
 * @param serverClock whether {@link TokenIssuer} issued it, on this server's clock
 */
record VerifiedToken(JWTClaimsSet claims, Instant issuedAt, boolean serverClock) {

    /**
     * @param iat the {@code iat} value of the payload's JSON: a whole or fractional number of seconds
     * @return the instant to the millisecond, rounded down; null for anything else
     */
    static Instant issuedAt(Object iat) {
        if (!(iat instanceof Number number)) {
            return null;
        }
        if (iat instanceof Long || iat instanceof Integer) {
            return Instant.ofEpochSecond(number.longValue());
        }
        double seconds = number.doubleValue();
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return null;
        }
        // the shortest decimal that reads back as the double: 1700000000.123 stays .123, never .12299999
        BigDecimal millis = new BigDecimal(Double.toString(seconds)).movePointRight(3);
        return Instant.ofEpochMilli(millis.setScale(0, java.math.RoundingMode.FLOOR).longValueExact());
    }
}
