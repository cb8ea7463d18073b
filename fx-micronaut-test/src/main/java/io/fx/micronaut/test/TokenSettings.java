package io.fx.micronaut.test;

import io.fx.micronaut.security.jwt.JwtConfiguration;
import io.fx.micronaut.security.jwt.TokenIssuer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * What {@link TestTokens} writes into and signs its tokens with: the application's {@code fx.security.jwt.*} claim
 * names, issuer, audience and HMAC secret, and its {@link TokenIssuer} when it has one.
 *
 * @param secret      the HMAC secret's bytes, or null when the application verifies only public keys
 * @param userIdClaim the claim naming the user besides {@code sub}
 * @param rolesClaim  the claim holding roles
 * @param scopesClaim the claim holding scopes
 * @param tenantClaim the claim holding the tenant
 * @param issuer      the required {@code iss}, or null
 * @param audience    the required {@code aud}, or null
 * @param ttl         how long a token lives unless told otherwise
 * @param tokenIssuer the application's issuer, or null
 */
record TokenSettings(byte[] secret, String userIdClaim, String rolesClaim, String scopesClaim, String tenantClaim,
                     String issuer, String audience, Duration ttl, TokenIssuer tokenIssuer) {

    static final String DEFAULT_TENANT_CLAIM = "tenant_id";
    static final Duration DEFAULT_TTL = Duration.ofMinutes(5);

    static TokenSettings of(JwtConfiguration jwt, TokenIssuer tokenIssuer) {
        return new TokenSettings(jwt.getSecret().filter(s -> !s.isBlank()).map(TokenSettings::bytes).orElse(null),
            jwt.getUserIdClaim(), jwt.getRolesClaim(), jwt.getScopesClaim(),
            jwt.getTenantClaim().filter(name -> !name.isBlank()).orElse(DEFAULT_TENANT_CLAIM),
            jwt.getIssuer().filter(value -> !value.isBlank()).orElse(null),
            jwt.getAudience().filter(value -> !value.isBlank()).orElse(null),
            tokenIssuer == null ? DEFAULT_TTL : tokenIssuer.getTtl(), tokenIssuer);
    }

    static TokenSettings forSecret(String secret) {
        return new TokenSettings(bytes(secret), JwtConfiguration.DEFAULT_USER_ID_CLAIM,
            JwtConfiguration.DEFAULT_ROLES_CLAIM, JwtConfiguration.DEFAULT_SCOPES_CLAIM, DEFAULT_TENANT_CLAIM,
            null, null, DEFAULT_TTL, null);
    }

    static byte[] bytes(String secret) {
        return secret.getBytes(StandardCharsets.UTF_8);
    }
}
