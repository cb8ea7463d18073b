package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.testsuite.security.Tokens;

import java.math.BigDecimal;

/** Tokens for the revocation tests: {@code iat} to the millisecond, as a fractional number of seconds. */
public final class RevocationTokens {

    private RevocationTokens() {
    }

    /**
     * @param secret   the HMAC secret
     * @param subject  the {@code sub}
     * @param jti      the {@code jti}, or null for none
     * @param iatMillis the {@code iat} in epoch milliseconds, or null for none
     * @param ttlSeconds {@code exp} is this long after {@code iat} (or now)
     * @return an HS256 token
     */
    public static String token(String secret, String subject, String jti, Long iatMillis, long ttlSeconds) {
        return Tokens.hmacPayload(secret, payload(subject, jti, iatMillis, ttlSeconds));
    }

    /**
     * As {@link #token}, with {@link TokenIssuer}'s {@code kid}: a token as the module's own issuer signs it, whose
     * {@code iat} a logout-all cutoff compares without the clock skew.
     */
    public static String issuerToken(String secret, String subject, String jti, long iatMillis, long ttlSeconds) {
        return Tokens.hmacPayload(secret, TokenIssuer.KEY_ID, payload(subject, jti, iatMillis, ttlSeconds));
    }

    private static String payload(String subject, String jti, Long iatMillis, long ttlSeconds) {
        long base = iatMillis == null ? System.currentTimeMillis() : iatMillis;
        StringBuilder json = new StringBuilder("{\"sub\":\"").append(subject).append('"');
        if (jti != null) {
            json.append(",\"jti\":\"").append(jti).append('"');
        }
        if (iatMillis != null) {
            json.append(",\"iat\":").append(BigDecimal.valueOf(iatMillis, 3).toPlainString());
        }
        json.append(",\"exp\":").append(base / 1000 + ttlSeconds).append('}');
        return json.toString();
    }
}
