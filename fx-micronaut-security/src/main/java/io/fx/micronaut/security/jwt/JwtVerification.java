package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.SecurityErrorCodes;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.web.PipelineGate;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.OrderUtil;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Verifies a compact token wherever it came from (the bearer header, the session cookie), in this order: its
 * signature (Nimbus; skipped for a token verified recently, see {@link VerifiedTokens}), its claims
 * ({@link ClaimChecks}), its revocation when a {@link Revoker} is active (one lookup per request,
 * {@link RevocationCheck}), then the {@link TokenHook}s. The keys are parsed once, at startup, which fails for
 * a missing key, a blank secret or one under 32 bytes, and for {@code allow-no-expiry} with revocation on.
 */
@Internal
@Singleton
@Requires(condition = JwtRequested.class)
public final class JwtVerification {

    private static final Logger LOG = LoggerFactory.getLogger(JwtVerification.class);
    private static final String SECRET = HmacSecret.PROPERTY;

    private final TokenVerifier verifier;
    private final VerifiedTokens<VerifiedToken> verified;
    private final ClaimChecks checks;
    private final RevocationCheck revocation;
    private final JwtPrincipals principals;
    private final TokenHook[] hooks;
    private final boolean keySet;
    private final String userIdClaim;

    JwtVerification(JwtConfiguration configuration, JwksConfiguration jwks, List<TokenHook> hooks,
                    RevocationConfiguration revocation, @Nullable Revoker revoker) {
        byte[] secret = configuration.getSecret().map(HmacSecret::bytes).orElse(null);
        JWK publicKey = configuration.getPublicKey().map(pem -> PemKeys.publicKey(pem, JwtConfiguration.PREFIX + ".public-key"))
            .or(() -> configuration.getPublicKeyFile().map(file -> PemKeys.publicKey(
                PemKeys.text(file, JwtConfiguration.PREFIX + ".public-key-file"), JwtConfiguration.PREFIX + ".public-key-file")))
            .orElse(null);
        RemoteKeySet keys = jwks.getUrl().filter(url -> !url.isBlank()).map(url -> new RemoteKeySet(jwks, url)).orElse(null);
        if (secret == null && publicKey == null && keys == null) {
            throw new FxConfigurationException(JwtConfiguration.PREFIX + " is enabled without a key: set " + SECRET
                + ", " + JwtConfiguration.PREFIX + ".public-key(-file) or " + JwksConfiguration.PREFIX + ".url");
        }
        KeyFamilies families = new KeyFamilies(secret, publicKey, keys, configuration.getAlgorithms().orElse(List.of()));
        this.keySet = keys != null;
        this.verifier = new TokenVerifier(families, secret == null ? 0 : secret.length);
        this.verified = new VerifiedTokens<>(configuration.getVerifiedCacheSize(),
            keys == null ? VerifiedTokens.MAX_TTL : jwks.getCacheTtl(), System::nanoTime);
        if (keys != null) {
            keys.onReplace(verified::clear);
        }
        this.checks = new ClaimChecks(configuration);
        this.revocation = revoker(revocation, revoker, configuration);
        this.principals = new JwtPrincipals(configuration);
        this.userIdClaim = configuration.getUserIdClaim();
        List<TokenHook> ordered = new ArrayList<>(hooks);
        OrderUtil.sort(ordered);
        this.hooks = ordered.toArray(new TokenHook[0]);
    }

    private static RevocationCheck revoker(RevocationConfiguration revocation, Revoker revoker, JwtConfiguration configuration) {
        if (revoker == null) {
            revocation.getStore().filter(store -> !store.isBlank()).ifPresent(store -> {
                throw new FxConfigurationException(RevocationConfiguration.STORE + " is '" + store + "', which no store "
                    + "answers: use memory, sql (needs the application's data source) or redis (needs micronaut-redis-lettuce)");
            });
            return null;
        }
        return new RevocationCheck(revoker, revocation, configuration);
    }

    /**
     * @param context    the request
     * @param token      the compact token
     * @param authMethod the principal's auth method ({@code jwt}, {@code session})
     * @return the principal, after every check and hook
     * @throws CredentialRefusedException when the token is refused (401 with the check's code)
     * @throws io.fx.micronaut.exception.FxException 503 when the key set or the revocation store is unavailable
     */
    @NonNull
    public AuthInfo verify(@NonNull RequestContext context, @NonNull String token, @NonNull String authMethod) {
        VerifiedToken verifiedToken = verified.verify(token, verifier::verify);
        JWTClaimsSet claims = verifiedToken.claims();
        checks.check(claims, Instant.now());
        if (revocation != null) {
            revocation.check(context, verifiedToken, claims.getClaim(userIdClaim).toString());
        }
        Map<String, Object> json = claims.toJSONObject();
        AuthInfo principal = principals.principal(claims, json, authMethod);
        for (TokenHook hook : hooks) {
            principal = hook(hook, context, json, principal);
        }
        return principal;
    }

    /**
     * Starts the revocation lookup of a token verified within the cache's TTL, when the store can without
     * blocking, keeps it on the request for {@link #verify}, and holds the request's pipeline until it has
     * answered ({@link PipelineGate}), so no pipeline thread waits for it.
     *
     * @param request the request
     * @param token   the compact token
     */
    void lookAhead(HttpRequest<?> request, String token) {
        VerifiedToken verifiedToken = revocation == null ? null : verified.peek(token);
        Object userId = verifiedToken == null ? null : verifiedToken.claims().getClaim(userIdClaim);
        if (userId != null) {
            revocation.startLookup(verifiedToken, userId.toString())
                .ifPresent(ahead -> {
                    request.setAttribute(RevocationLookAhead.ATTRIBUTE, ahead);
                    PipelineGate.hold(request, ahead.status());
                });
        }
    }

    /** @return whether verification may fetch a key set (503 {@code JWKS_UNAVAILABLE}) */
    public boolean usesKeySet() {
        return keySet;
    }

    /** @return whether tokens are checked against a revocation store */
    public boolean revocationEnabled() {
        return revocation != null;
    }

    private static AuthInfo hook(TokenHook hook, RequestContext context, Map<String, Object> claims, AuthInfo principal) {
        try {
            AuthInfo enriched = hook.verify(context, claims, principal);
            return enriched == null ? principal : enriched;
        } catch (TokenRejectedException e) {
            throw new CredentialRefusedException(SecurityErrorCodes.INVALID_TOKEN, e.getMessage(), true, e);
        } catch (RuntimeException e) {
            LOG.warn("Request {}: token hook {} failed; the token is rejected", context.getRequestId(),
                hook.getClass().getName(), e);
            throw new CredentialRefusedException(SecurityErrorCodes.INVALID_TOKEN, "token rejected", true, e);
        }
    }
}
