package io.fx.micronaut.security.jwt;

import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.security.CredentialRefusedException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each claim check of {@link ClaimChecks}, its boundary under the clock skew, and the code it refuses with. */
class ClaimChecksTest {

    private static final Instant NOW = Instant.parse("2030-01-01T12:00:00Z");
    private static final Duration SKEW = Duration.ofSeconds(60);

    private final ClaimChecks checks = new ClaimChecks(JwtSettings.hmac());

    @Test
    void aTokenWithASubjectAndATimelyExpiryPasses() {
        assertDoesNotThrow(() -> checks.check(valid().build(), NOW));
    }

    @Test
    void aTokenWithoutSubjectIsInvalid() {
        assertRefused("INVALID_TOKEN", checks, valid().subject(null).build());
        assertRefused("INVALID_TOKEN", checks, valid().subject("  ").build());
    }

    @Test
    void aMissingExpiryIsRefusedUnlessAllowed() {
        JWTClaimsSet noExpiry = valid().expirationTime(null).build();
        assertRefused("TOKEN_MISSING_EXPIRY", checks, noExpiry);
        assertDoesNotThrow(() -> new ClaimChecks(JwtSettings.hmac().withNoExpiryAllowed()).check(noExpiry, NOW));
    }

    @Test
    void anExpiryPassesUntilTheSkewHasRunOut() {
        Instant expiry = NOW.minus(SKEW);
        JWTClaimsSet claims = valid().expirationTime(Date.from(expiry)).build();
        assertDoesNotThrow(() -> checks.check(claims, NOW), "exactly at expiry plus the skew");
        assertRefused("TOKEN_EXPIRED", checks, claims, NOW.plusMillis(1));
        ClaimChecks strict = new ClaimChecks(JwtSettings.hmac().withClockSkew(Duration.ZERO));
        assertRefused("TOKEN_EXPIRED", strict, valid().expirationTime(Date.from(NOW.minusMillis(1))).build(), NOW);
    }

    @Test
    void notBeforeAndIssuedAtMayLieInTheFutureByTheSkewOnly() {
        Instant edge = NOW.plus(SKEW);
        assertDoesNotThrow(() -> checks.check(valid().notBeforeTime(Date.from(edge)).issueTime(Date.from(edge)).build(), NOW));
        assertRefused("TOKEN_NOT_YET_VALID", checks, valid().notBeforeTime(Date.from(edge.plusSeconds(1))).build());
        assertRefused("TOKEN_FUTURE_ISSUED", checks, valid().issueTime(Date.from(edge.plusSeconds(1))).build());
    }

    @Test
    void aTimeClaimThatIsNoNumberIsInvalid() {
        for (String claim : List.of("exp", "nbf", "iat")) {
            assertRefused("INVALID_TOKEN", checks, valid().claim(claim, "tomorrow").build());
        }
    }

    @Test
    void theConfiguredIssuerMustMatchExactly() {
        ClaimChecks issuer = new ClaimChecks(JwtSettings.hmac().withIssuer("https://issuer.example"));
        assertDoesNotThrow(() -> issuer.check(valid().issuer("https://issuer.example").build(), NOW));
        assertRefused("INVALID_TOKEN", issuer, valid().issuer("https://other.example").build());
        assertRefused("INVALID_TOKEN", issuer, valid().build());
        assertDoesNotThrow(() -> new ClaimChecks(JwtSettings.hmac().withIssuer(" ")).check(valid().build(), NOW),
            "a blank issuer is unset");
    }

    @Test
    void theConfiguredAudienceMustBeAmongTheTokens() {
        ClaimChecks audience = new ClaimChecks(JwtSettings.hmac().withAudience("api"));
        assertDoesNotThrow(() -> audience.check(valid().audience("api").build(), NOW));
        assertDoesNotThrow(() -> audience.check(valid().audience(List.of("web", "api")).build(), NOW));
        assertRefused("INVALID_TOKEN", audience, valid().audience(List.of("web")).build());
        assertRefused("INVALID_TOKEN", audience, valid().build());
    }

    @Test
    void theFirstFailingCheckNamesTheRefusal() {
        ClaimChecks issuer = new ClaimChecks(JwtSettings.hmac().withIssuer("https://issuer.example"));
        JWTClaimsSet expiredAndForeign = valid().expirationTime(Date.from(NOW.minusSeconds(3600)))
            .issuer("https://other.example").build();
        assertRefused("TOKEN_EXPIRED", issuer, expiredAndForeign);
    }

    private static JWTClaimsSet.Builder valid() {
        return new JWTClaimsSet.Builder().subject("user-1").expirationTime(Date.from(NOW.plusSeconds(300)));
    }

    private static void assertRefused(String code, ClaimChecks checks, JWTClaimsSet claims) {
        assertRefused(code, checks, claims, NOW);
    }

    private static void assertRefused(String code, ClaimChecks checks, JWTClaimsSet claims, Instant now) {
        CredentialRefusedException e = assertThrows(CredentialRefusedException.class, () -> checks.check(claims, now),
            claims.toString());
        assertEquals(code, e.getCode(), e.getMessage());
        assertEquals(401, e.getStatus());
        assertTrue(e.isTokenPresented(), "the challenge names invalid_token");
    }
}
