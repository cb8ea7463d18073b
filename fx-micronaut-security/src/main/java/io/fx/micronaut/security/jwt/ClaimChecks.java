package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.SecurityErrorCodes;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.security.CredentialRefusedException;

import java.time.Instant;
import java.util.Date;

/**
 * The claim checks, in order: subject ({@code INVALID_TOKEN}), {@code exp} present
 * ({@code TOKEN_MISSING_EXPIRY}) and not passed ({@code TOKEN_EXPIRED}), {@code nbf}
 * ({@code TOKEN_NOT_YET_VALID}), {@code iat} ({@code TOKEN_FUTURE_ISSUED}), issuer and audience
 * ({@code INVALID_TOKEN}); the times with the clock skew.
 */
final class ClaimChecks {

    private final JwtConfiguration configuration;
    private final long skewMillis;
    private final String issuer;
    private final String audience;

    ClaimChecks(JwtConfiguration configuration) {
        this.configuration = configuration;
        this.skewMillis = configuration.getClockSkew().toMillis();
        this.issuer = configuration.getIssuer().filter(v -> !v.isBlank()).orElse(null);
        this.audience = configuration.getAudience().filter(v -> !v.isBlank()).orElse(null);
    }

    void check(JWTClaimsSet claims, Instant now) {
        Object subject = claims.getClaim(configuration.getUserIdClaim());
        if (subject == null || subject.toString().isBlank()) {
            throw refused(SecurityErrorCodes.INVALID_TOKEN, "token has no " + configuration.getUserIdClaim() + " claim");
        }
        long millis = now.toEpochMilli();
        Date expiry = date(claims, "exp");
        if (expiry == null) {
            if (!configuration.isAllowNoExpiry()) {
                throw refused(SecurityErrorCodes.TOKEN_MISSING_EXPIRY, "token has no exp claim");
            }
        } else if (millis > expiry.getTime() + skewMillis) {
            throw refused(SecurityErrorCodes.TOKEN_EXPIRED, "token expired");
        }
        Date notBefore = date(claims, "nbf");
        if (notBefore != null && notBefore.getTime() > millis + skewMillis) {
            throw refused(SecurityErrorCodes.TOKEN_NOT_YET_VALID, "token not valid yet (nbf)");
        }
        Date issuedAt = date(claims, "iat");
        if (issuedAt != null && issuedAt.getTime() > millis + skewMillis) {
            throw refused(SecurityErrorCodes.TOKEN_FUTURE_ISSUED, "token issued in the future (iat)");
        }
        if (issuer != null && !issuer.equals(claims.getIssuer())) {
            throw refused(SecurityErrorCodes.INVALID_TOKEN, "issuer mismatch");
        }
        if (audience != null && (claims.getAudience() == null || !claims.getAudience().contains(audience))) {
            throw refused(SecurityErrorCodes.INVALID_TOKEN, "audience mismatch");
        }
    }

    private static Date date(JWTClaimsSet claims, String name) {
        try {
            return claims.getDateClaim(name);
        } catch (java.text.ParseException e) {
            throw refused(SecurityErrorCodes.INVALID_TOKEN, "the " + name + " claim is not a number");
        }
    }

    private static CredentialRefusedException refused(ErrorCode code, String message) {
        return new CredentialRefusedException(code, message, true, null);
    }
}
