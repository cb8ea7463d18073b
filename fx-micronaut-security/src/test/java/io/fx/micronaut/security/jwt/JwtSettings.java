package io.fx.micronaut.security.jwt;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A {@link JwtConfiguration} made in code with the documented defaults, so the verifier's parts are tested
 * without an application context.
 *
 * @param secret        the HMAC secret, or null
 * @param publicKey     a PEM public key, or null
 * @param algorithms    the accepted algorithms; empty for every one the keys can verify
 * @param issuer        the required issuer, or null
 * @param audience      the required audience, or null
 * @param header        the header the token is read from
 * @param allowNoExpiry whether a token without {@code exp} passes
 * @param clockSkew     the tolerance of the time checks
 */
record JwtSettings(String secret, String publicKey, List<String> algorithms, String issuer, String audience,
                   String header, boolean allowNoExpiry, Duration clockSkew) implements JwtConfiguration {

    /** A 32-byte HMAC secret, the shortest HS256 takes. */
    static final String SECRET = "0123456789abcdef0123456789abcdef";

    /** @return HMAC verification with {@link #SECRET} and every default */
    static JwtSettings hmac() {
        return new JwtSettings(SECRET, null, List.of(), null, null, DEFAULT_HEADER, false,
            Duration.parse("PT" + DEFAULT_CLOCK_SKEW.toUpperCase()));
    }

    JwtSettings withSecret(String value) {
        return new JwtSettings(value, publicKey, algorithms, issuer, audience, header, allowNoExpiry, clockSkew);
    }

    JwtSettings withPublicKey(String pem) {
        return new JwtSettings(secret, pem, algorithms, issuer, audience, header, allowNoExpiry, clockSkew);
    }

    JwtSettings withAlgorithms(String... names) {
        return new JwtSettings(secret, publicKey, List.of(names), issuer, audience, header, allowNoExpiry, clockSkew);
    }

    JwtSettings withIssuer(String value) {
        return new JwtSettings(secret, publicKey, algorithms, value, audience, header, allowNoExpiry, clockSkew);
    }

    JwtSettings withAudience(String value) {
        return new JwtSettings(secret, publicKey, algorithms, issuer, value, header, allowNoExpiry, clockSkew);
    }

    JwtSettings withNoExpiryAllowed() {
        return new JwtSettings(secret, publicKey, algorithms, issuer, audience, header, true, clockSkew);
    }

    JwtSettings withClockSkew(Duration value) {
        return new JwtSettings(secret, publicKey, algorithms, issuer, audience, header, allowNoExpiry, value);
    }

    @Override
    public boolean isEnabled() {
        return true;
    }

    @Override
    public Optional<String> getSecret() {
        return Optional.ofNullable(secret);
    }

    @Override
    public Optional<String> getPublicKey() {
        return Optional.ofNullable(publicKey);
    }

    @Override
    public Optional<String> getPublicKeyFile() {
        return Optional.empty();
    }

    @Override
    public Optional<List<String>> getAlgorithms() {
        return algorithms.isEmpty() ? Optional.empty() : Optional.of(algorithms);
    }

    @Override
    public Optional<String> getIssuer() {
        return Optional.ofNullable(issuer);
    }

    @Override
    public Optional<String> getAudience() {
        return Optional.ofNullable(audience);
    }

    @Override
    public String getHeader() {
        return header;
    }

    @Override
    public String getUserIdClaim() {
        return DEFAULT_USER_ID_CLAIM;
    }

    @Override
    public String getRolesClaim() {
        return DEFAULT_ROLES_CLAIM;
    }

    @Override
    public String getScopesClaim() {
        return DEFAULT_SCOPES_CLAIM;
    }

    @Override
    public Optional<String> getTenantClaim() {
        return Optional.empty();
    }

    @Override
    public boolean isAllowNoExpiry() {
        return allowNoExpiry;
    }

    @Override
    public Duration getClockSkew() {
        return clockSkew;
    }

    @Override
    public int getVerifiedCacheSize() {
        return 100;
    }
}
