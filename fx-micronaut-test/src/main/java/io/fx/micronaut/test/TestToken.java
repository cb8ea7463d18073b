package io.fx.micronaut.test;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * A token being minted by {@link TestTokens}: a subject with roles, scopes, a tenant, a lifetime and any claim,
 * valid for the application unless one of {@link #expired()}, {@link #withoutExpiry()}, {@link #signedWith} or
 * {@link #algNone()} makes it a token the application must refuse. {@link #token()} mints it.
 *
 * @since 0.9.0
 */
public final class TestToken {

    /** Past any clock skew the application allows (its default is 60 s). */
    private static final Duration EXPIRED_AGO = Duration.ofMinutes(10);

    private final TokenSettings settings;
    private final String subject;
    private final Map<String, Object> claims = new LinkedHashMap<>();
    private List<String> roles = List.of();
    private List<String> scopes;
    private String tenant;
    private Duration expiresIn;
    private boolean expired;
    private boolean withoutExpiry;
    private boolean algNone;
    private JWSSigner otherSigner;
    private JWSHeader otherHeader;

    TestToken(TokenSettings settings, String subject) {
        if (subject == null || subject.isBlank()) {
            throw new IllegalArgumentException("a token needs a subject");
        }
        this.settings = settings;
        this.subject = subject;
    }

    /** @return this token, with these roles (in the application's {@code roles-claim}) */
    @NonNull
    public TestToken roles(@NonNull String... roles) {
        return roles(List.of(roles));
    }

    /** @return this token, with these roles (in the application's {@code roles-claim}) */
    @NonNull
    public TestToken roles(@NonNull List<String> roles) {
        this.roles = List.copyOf(roles);
        return this;
    }

    /** @return this token, with these scopes (in the application's {@code scopes-claim}, an array) */
    @NonNull
    public TestToken scopes(@NonNull String... scopes) {
        return scopes(List.of(scopes));
    }

    /** @return this token, with these scopes (in the application's {@code scopes-claim}, an array) */
    @NonNull
    public TestToken scopes(@NonNull List<String> scopes) {
        this.scopes = List.copyOf(scopes);
        return this;
    }

    /** @return this token, with this tenant (in the application's {@code tenant-claim}); none for null */
    @NonNull
    public TestToken tenant(@Nullable String tenant) {
        this.tenant = tenant;
        return this;
    }

    /** @return this token, expiring that long after now (instead of the application's token lifetime) */
    @NonNull
    public TestToken expiresIn(@NonNull Duration lifetime) {
        this.expiresIn = Objects.requireNonNull(lifetime, "lifetime");
        return this;
    }

    /**
     * @param name  a claim name
     * @param value its value (a string, number, boolean, list or map); it replaces what the other methods write,
     *              and null removes the claim ({@code claim("jti", null)}: a token that cannot be revoked)
     * @return this token
     */
    @NonNull
    public TestToken claim(@NonNull String name, @Nullable Object value) {
        claims.put(name, value);
        return this;
    }

    /** @return this token, expired ten minutes ago (past the application's clock skew): refused */
    @NonNull
    public TestToken expired() {
        this.expired = true;
        return this;
    }

    /** @return this token, without {@code exp}: refused unless {@code fx.security.jwt.allow-no-expiry} */
    @NonNull
    public TestToken withoutExpiry() {
        this.withoutExpiry = true;
        return this;
    }

    /** @return this token, unsigned ({@code alg: none}): always refused */
    @NonNull
    public TestToken algNone() {
        this.algNone = true;
        return this;
    }

    /**
     * @param secret an HMAC secret of at least 32 bytes, e.g. {@link TestTokens#otherSecret()}
     * @return this token, signed HS256 with that secret instead of the application's: refused unless it is the
     *     application's own
     */
    @NonNull
    public TestToken signedWith(@NonNull String secret) {
        return signedWith(new OctetSequenceKey.Builder(TokenSettings.bytes(secret)).build());
    }

    /**
     * @param key a private key: an RSA key signs RS256, an EC key ES256/384/512 by its curve, an octet key HS256;
     *            its {@code kid} goes into the header. A key matching the application's {@code public-key} or key
     *            set makes a valid token; any other one is refused.
     * @return this token
     */
    @NonNull
    public TestToken signedWith(@NonNull JWK key) {
        try {
            if (key instanceof RSAKey rsa) {
                otherSigner = new RSASSASigner(rsa);
                otherHeader = header(JWSAlgorithm.RS256, key.getKeyID());
            } else if (key instanceof ECKey ec) {
                otherSigner = new ECDSASigner(ec);
                otherHeader = header(com.nimbusds.jose.crypto.impl.ECDSA.resolveAlgorithm(ec.getCurve()), key.getKeyID());
            } else if (key instanceof OctetSequenceKey octets) {
                otherSigner = new MACSigner(octets.toByteArray());
                otherHeader = header(JWSAlgorithm.HS256, key.getKeyID());
            } else {
                throw new IllegalArgumentException("cannot sign with a " + key.getKeyType() + " key");
            }
        } catch (JOSEException e) {
            throw new IllegalArgumentException("cannot sign with this key: " + e.getMessage(), e);
        }
        return this;
    }

    /** @return {@code Bearer } and the token, an {@code Authorization} header's value */
    @NonNull
    public String bearer() {
        return "Bearer " + token();
    }

    /**
     * @return the compact token
     * @throws IllegalStateException when it must be signed with the application's secret and there is none
     *     ({@code fx.security.jwt.secret} unset: sign with {@link #signedWith(JWK)} instead)
     */
    @NonNull
    public String token() {
        if (isIssuers()) {
            return settings.tokenIssuer().issue(subject, roles, tenant).token();
        }
        JWTClaimsSet claimSet = claims();
        if (algNone) {
            return new PlainJWT(claimSet).serialize();
        }
        JWSSigner signer = otherSigner;
        JWSHeader header = otherHeader;
        if (signer == null) {
            signer = applicationSigner();
            header = header(JWSAlgorithm.HS256, null);
        }
        SignedJWT jwt = new SignedJWT(header, claimSet);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign the token: " + e.getMessage(), e);
        }
        return jwt.serialize();
    }

    /** @return the claims {@link #token()} writes when it mints the token itself */
    @NonNull
    public JWTClaimsSet claims() {
        Instant now = Instant.now();
        Map<String, Object> set = new LinkedHashMap<>();
        set.put("sub", subject);
        set.put("jti", UUID.randomUUID().toString());
        set.put("iat", (expired ? now.minus(EXPIRED_AGO).minus(settings.ttl()) : now).getEpochSecond());
        set.put(settings.userIdClaim(), subject);
        set.put(settings.rolesClaim(), roles);
        if (scopes != null) {
            set.put(settings.scopesClaim(), scopes);
        }
        if (tenant != null) {
            set.put(settings.tenantClaim(), tenant);
        }
        if (expired) {
            set.put("exp", now.minus(EXPIRED_AGO).getEpochSecond());
        } else if (!withoutExpiry) {
            set.put("exp", now.plus(expiresIn == null ? settings.ttl() : expiresIn).getEpochSecond());
        }
        if (settings.issuer() != null) {
            set.put("iss", settings.issuer());
        }
        if (settings.audience() != null) {
            set.put("aud", settings.audience());
        }
        set.putAll(claims);
        set.values().removeIf(Objects::isNull);
        try {
            return JWTClaimsSet.parse(set);
        } catch (ParseException e) {
            throw new IllegalArgumentException("the claims do not make a token: " + e.getMessage(), e);
        }
    }

    private boolean isIssuers() {
        return settings.tokenIssuer() != null && scopes == null && expiresIn == null && claims.isEmpty()
            && !expired && !withoutExpiry && !algNone && otherSigner == null;
    }

    private JWSSigner applicationSigner() {
        if (settings.secret() == null) {
            throw new IllegalStateException("the application has no fx.security.jwt.secret to sign test tokens with;"
                + " sign with the private key of its public key or key set: signedWith(key)");
        }
        try {
            return new MACSigner(settings.secret());
        } catch (JOSEException e) {
            throw new IllegalStateException("fx.security.jwt.secret cannot sign HS256: " + e.getMessage(), e);
        }
    }

    private static JWSHeader header(JWSAlgorithm algorithm, String keyId) {
        return new JWSHeader.Builder(algorithm).type(JOSEObjectType.JWT).keyID(keyId).build();
    }
}
