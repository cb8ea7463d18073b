package io.fx.micronaut.testsuite.security.support;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;

import java.util.Date;
import java.util.List;

/**
 * A token being minted ({@link Tokens#jwt(String)}): the claims of a subject, issued now and expiring in five
 * minutes, signed HS256 with {@link Tokens#SECRET} unless {@link #secret} or {@link #algorithm} say otherwise.
 * Each claim method sets one claim as given (an empty list is still a claim); the last methods mint it.
 */
public final class Jwt {

    private final JWTClaimsSet.Builder claims;
    private String secret = Tokens.SECRET;
    private JWSAlgorithm algorithm = JWSAlgorithm.HS256;

    Jwt(String subject) {
        this.claims = Tokens.claims(subject);
    }

    /** Signs with this HMAC secret instead of {@link Tokens#SECRET}. */
    public Jwt secret(String secret) {
        this.secret = secret;
        return this;
    }

    /** Signs with this HMAC algorithm instead of HS256. */
    public Jwt algorithm(JWSAlgorithm algorithm) {
        this.algorithm = algorithm;
        return this;
    }

    /** The {@code roles} claim, a list. */
    public Jwt roles(List<String> roles) {
        return claim("roles", roles);
    }

    public Jwt roles(String... roles) {
        return roles(List.of(roles));
    }

    /** The {@code scope} claim, a list. */
    public Jwt scopes(List<String> scopes) {
        return claim("scope", scopes);
    }

    public Jwt scopes(String... scopes) {
        return scopes(List.of(scopes));
    }

    /** The {@code tenant_id} claim; none for null. */
    public Jwt tenant(String tenant) {
        return tenant == null ? this : claim("tenant_id", tenant);
    }

    /** The {@code sid} claim. */
    public Jwt sessionId(String sessionId) {
        return claim("sid", sessionId);
    }

    public Jwt jwtId(String jti) {
        claims.jwtID(jti);
        return this;
    }

    public Jwt issuer(String issuer) {
        claims.issuer(issuer);
        return this;
    }

    /** A single audience, written as a string. */
    public Jwt audience(String audience) {
        claims.audience(audience);
        return this;
    }

    /** Several audiences, written as an array. */
    public Jwt audience(List<String> audiences) {
        claims.audience(audiences);
        return this;
    }

    public Jwt claim(String name, Object value) {
        claims.claim(name, value);
        return this;
    }

    /** {@code exp} that many seconds from now (negative: in the past). */
    public Jwt expiresIn(long seconds) {
        claims.expirationTime(Tokens.secondsFromNow(seconds));
        return this;
    }

    /** {@code exp} ten minutes ago, past any clock skew. */
    public Jwt expired() {
        return expiresIn(-600);
    }

    /** No {@code exp} claim. */
    public Jwt withoutExpiry() {
        claims.expirationTime(null);
        return this;
    }

    /** {@code iat} that many seconds from now (positive: in the future). */
    public Jwt issuedIn(long seconds) {
        return issuedAt(Tokens.secondsFromNow(seconds));
    }

    public Jwt issuedAt(Date issuedAt) {
        claims.issueTime(issuedAt);
        return this;
    }

    /** {@code nbf} that many seconds from now. */
    public Jwt notBeforeIn(long seconds) {
        claims.notBeforeTime(Tokens.secondsFromNow(seconds));
        return this;
    }

    /** @return the claims as they stand */
    public JWTClaimsSet claims() {
        return claims.build();
    }

    /** @return the token, signed with the secret and algorithm */
    public String token() {
        return Tokens.hmac(algorithm, secret, claims());
    }

    /** @return {@code Bearer } and the token, an {@code Authorization} header's value */
    public String bearer() {
        return "Bearer " + token();
    }

    /** @return the token signed with another secret (the secret with every {@code 0} made {@code x}) */
    public String forged() {
        return Tokens.hmac(algorithm, secret.replace('0', 'x'), claims());
    }

    /** @return the token unsigned, {@code alg: none} */
    public String unsigned() {
        return Tokens.unsigned(claims());
    }

    /** @return the token signed RS256 with the key (its {@code kid} in the header) */
    public String signedWith(RSAKey key) {
        return Tokens.rsa(key, claims());
    }

    public String signedWith(RSAKey key, JWSAlgorithm rsaAlgorithm) {
        return Tokens.rsa(key, rsaAlgorithm, claims());
    }

    /** @return the token signed ES256 with the key */
    public String signedWith(ECKey key) {
        return Tokens.ec(key, claims());
    }

    /** @return the token encrypted (RSA-OAEP-256, A128GCM) for the key instead of signed */
    public String encryptedFor(RSAKey key) {
        return Tokens.encrypted(key, claims());
    }
}
