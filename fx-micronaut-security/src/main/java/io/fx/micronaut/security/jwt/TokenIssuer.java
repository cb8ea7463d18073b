package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Issues HS256 tokens signed with {@code fx.security.jwt.secret}, which this module's bearer verification
 * accepts: {@code sub} (also under the configured {@code user-id-claim}), the roles ({@code roles}, or the configured {@code roles-claim}), the tenant
 * ({@code tenant_id}, or the configured {@code tenant-claim}) when given, a random {@code jti}, a session id
 * {@code sid} (random unless given), {@code iat} in epoch seconds with a millisecond fraction (so that a
 * login right after a logout-all cutoff in the same second is accepted at once), {@code exp} =
 * {@code iat} + {@code fx.security.tokens.ttl}, and {@code iss} and {@code aud} when
 * {@code fx.security.jwt.issuer} and {@code audience} are set; its header's {@code kid} is {@link #KEY_ID}, by
 * which revocation knows its {@code iat} is this server's clock. A bean only with a secret and bearer
 * verification on (not with {@code fx.security.jwt.enabled: false}), built at startup:
 * a secret under 32 bytes, a ttl that is not positive, or (with revocation on) longer than
 * {@code fx.security.revocation.retain} fails it.
 *
 * <pre>{@code
 * TokenIssuer.IssuedToken issued = issuer.issue("alice", List.of("editor"), "acme");
 * return Map.of("access_token", issued.token(), "expires_in", issued.expiresIn().toSeconds());
 * }</pre>
 *
 * @since 0.5.0
 */
@Context
@Requires(property = JwtConfiguration.PREFIX + ".secret")
@Requires(condition = JwtRequested.class)
public final class TokenIssuer {

    /**
     * The {@code kid} of its tokens' header: an HMAC token carrying it was issued here, on this server's clock,
     * so a logout-all cutoff is compared with its {@code iat} without the clock skew.
     *
     * @since 0.7.0
     */
    public static final String KEY_ID = "fx-token-issuer";

    private static final String TENANT_CLAIM = "tenant_id";

    private final JWSSigner signer;
    private final JWSHeader header = new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT)
        .keyID(KEY_ID).build();
    private final Duration ttl;
    private final String userIdClaim;
    private final String rolesClaim;
    private final String tenantClaim;
    private final String issuer;
    private final String audience;

    TokenIssuer(JwtConfiguration jwt, TokenConfiguration tokens, RevocationConfiguration revocation) {
        this.signer = signer(jwt.getSecret().orElse(""));
        this.ttl = ttl(tokens.getTtl(), revocation);
        this.userIdClaim = jwt.getUserIdClaim();
        this.rolesClaim = jwt.getRolesClaim();
        this.tenantClaim = jwt.getTenantClaim().filter(name -> !name.isBlank()).orElse(TENANT_CLAIM);
        this.issuer = jwt.getIssuer().filter(value -> !value.isBlank()).orElse(null);
        this.audience = jwt.getAudience().filter(value -> !value.isBlank()).orElse(null);
    }

    /**
     * Issues a token in a new session.
     *
     * @param subject  the user id ({@code sub}), not blank
     * @param roles    the roles, possibly none
     * @param tenantId the tenant id, or null for none
     * @return the token and what it says
     */
    @NonNull
    public IssuedToken issue(@NonNull String subject, @NonNull Collection<String> roles, @Nullable String tenantId) {
        return issue(subject, roles, tenantId, null);
    }

    /**
     * Issues a token, in a given session (a refreshed token keeps its session) or a new one.
     *
     * @param subject   the user id ({@code sub}), not blank
     * @param roles     the roles, possibly none
     * @param tenantId  the tenant id, or null for none
     * @param sessionId the session id ({@code sid}), or null for a new random one
     * @return the token and what it says
     */
    @NonNull
    public IssuedToken issue(@NonNull String subject, @NonNull Collection<String> roles, @Nullable String tenantId,
                             @Nullable String sessionId) {
        if (subject == null || subject.isBlank()) {
            throw new IllegalArgumentException("a token needs a subject");
        }
        Instant issuedAt = Instant.ofEpochMilli(System.currentTimeMillis());
        Instant expiresAt = issuedAt.plusMillis(ttl.toMillis());
        String tokenId = UUID.randomUUID().toString();
        String session = sessionId == null || sessionId.isBlank() ? UUID.randomUUID().toString() : sessionId;
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().subject(subject).claim(userIdClaim, subject)
            .claim(rolesClaim, List.copyOf(Objects.requireNonNull(roles, "roles")))
            .jwtID(tokenId).claim("sid", session)
            .claim("iat", seconds(issuedAt)).claim("exp", seconds(expiresAt));
        if (tenantId != null) {
            claims.claim(tenantClaim, tenantId);
        }
        if (issuer != null) {
            claims.issuer(issuer);
        }
        if (audience != null) {
            claims.audience(audience);
        }
        return new IssuedToken(sign(claims.build()), tokenId, session, issuedAt, expiresAt);
    }

    /** @return the lifetime of the tokens issued ({@code fx.security.tokens.ttl}) */
    @NonNull
    public Duration getTtl() {
        return ttl;
    }

    private String sign(JWTClaimsSet claims) {
        SignedJWT jwt = new SignedJWT(header, claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign a token", e);
        }
        return jwt.serialize();
    }

    /** Epoch seconds with three decimals: a JSON number such as {@code 1764120000.123}. */
    private static BigDecimal seconds(Instant instant) {
        return BigDecimal.valueOf(instant.toEpochMilli(), 3);
    }

    private static JWSSigner signer(String secret) {
        byte[] bytes = HmacSecret.bytes(secret);
        try {
            return new MACSigner(bytes);
        } catch (JOSEException e) {
            throw new IllegalStateException("a secret Nimbus verifies with must also sign", e);
        }
    }

    private static Duration ttl(Duration ttl, RevocationConfiguration revocation) {
        if (ttl.isNegative() || ttl.toMillis() == 0) {
            throw new FxConfigurationException(TokenConfiguration.TTL + " must be positive, not " + ttl);
        }
        if (revocation.getStore().filter(store -> !store.isBlank()).isPresent()
            && ttl.compareTo(revocation.getRetain()) > 0) {
            throw new FxConfigurationException(TokenConfiguration.TTL + " (" + ttl + ") exceeds "
                + RevocationConfiguration.PREFIX + ".retain (" + revocation.getRetain()
                + "): with revocation on, tokens living longer than retain are refused");
        }
        return ttl;
    }

    /**
     * A token {@link TokenIssuer} issued.
     *
     * @param token     the compact token, for {@code Authorization: Bearer}
     * @param tokenId   its {@code jti}, which logout revokes
     * @param sessionId its {@code sid}
     * @param issuedAt  its {@code iat}, to the millisecond
     * @param expiresAt its {@code exp}, to the millisecond
     * @since 0.5.0
     */
    public record IssuedToken(@NonNull String token, @NonNull String tokenId, @NonNull String sessionId,
                              @NonNull Instant issuedAt, @NonNull Instant expiresAt) {

        /** @return how long the token lives ({@code exp - iat}): the {@code expires_in} of a login answer */
        @NonNull
        public Duration expiresIn() {
            return Duration.between(issuedAt, expiresAt);
        }

        /** @return everything but the token, which is a credential and never reaches a log through this */
        @Override
        public String toString() {
            return "IssuedToken[tokenId=" + tokenId + ", sessionId=" + sessionId + ", issuedAt=" + issuedAt
                + ", expiresAt=" + expiresAt + "]";
        }
    }
}
