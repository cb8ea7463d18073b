package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.fx.micronaut.security.internal.AuthScheme;
import io.fx.micronaut.security.internal.DocumentedAuthenticator;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.OrderUtil;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bearer JWT authentication ({@code fx.security.jwt}): the token's signature (Nimbus), then the claim
 * checks, then the {@link TokenHook}s. The keys are parsed once, at startup, which fails for a missing
 * key, a blank secret or one under 32 bytes.
 */
@Singleton
@Requires(condition = JwtRequested.class)
final class JwtAuthenticator implements Authenticator, DocumentedAuthenticator {

    private static final Logger LOG = LoggerFactory.getLogger(JwtAuthenticator.class);
    private static final String SECRET = JwtConfiguration.PREFIX + ".secret";

    private final BearerTokens tokens;
    private final TokenVerifier verifier;
    private final VerifiedTokens verified;
    private final ClaimChecks checks;
    private final JwtPrincipals principals;
    private final TokenHook[] hooks;
    private final AuthScheme scheme;

    JwtAuthenticator(JwtConfiguration configuration, JwksConfiguration jwks, List<TokenHook> hooks) {
        byte[] secret = configuration.getSecret().map(JwtAuthenticator::secret).orElse(null);
        JWK publicKey = configuration.getPublicKey().map(pem -> PemKeys.publicKey(pem, JwtConfiguration.PREFIX + ".public-key"))
            .or(() -> configuration.getPublicKeyFile().map(file -> PemKeys.publicKey(
                PemKeys.text(file, JwtConfiguration.PREFIX + ".public-key-file"), JwtConfiguration.PREFIX + ".public-key-file")))
            .orElse(null);
        RemoteKeySet keySet = jwks.getUrl().filter(url -> !url.isBlank()).map(url -> new RemoteKeySet(jwks, url)).orElse(null);
        if (secret == null && publicKey == null && keySet == null) {
            throw new FxConfigurationException(JwtConfiguration.PREFIX + " is enabled without a key: set " + SECRET
                + ", " + JwtConfiguration.PREFIX + ".public-key(-file) or " + JwksConfiguration.PREFIX + ".url");
        }
        KeyFamilies families = new KeyFamilies(secret, publicKey, keySet, configuration.getAlgorithms().orElse(List.of()));
        this.tokens = new BearerTokens(configuration.getHeader());
        this.scheme = configuration.getHeader().equalsIgnoreCase(JwtConfiguration.DEFAULT_HEADER)
            ? new AuthScheme("bearerAuth", true, null, keySet != null)
            : new AuthScheme("bearerAuth", false, configuration.getHeader(), keySet != null);
        this.verifier = new TokenVerifier(families, secret == null ? 0 : secret.length);
        this.verified = new VerifiedTokens(configuration.getVerifiedCacheSize(),
            keySet == null ? VerifiedTokens.MAX_TTL : jwks.getCacheTtl(), System::nanoTime);
        if (keySet != null) {
            keySet.onReplace(verified::clear);
        }
        this.checks = new ClaimChecks(configuration);
        this.principals = new JwtPrincipals(configuration);
        List<TokenHook> ordered = new ArrayList<>(hooks);
        OrderUtil.sort(ordered);
        this.hooks = ordered.toArray(new TokenHook[0]);
    }

    @Override
    public AuthScheme scheme() {
        return scheme;
    }

    @Override
    public int getOrder() {
        return BEARER_ORDER;
    }

    @Override
    @NonNull
    public Optional<AuthInfo> authenticate(@NonNull RequestContext context) {
        HttpRequest<?> request = context.getRequest().orElse(null);
        Optional<String> token = request == null ? Optional.empty() : tokens.read(request);
        if (token.isEmpty()) {
            return Optional.empty();
        }
        JWTClaimsSet claims = verified.verify(token.get(), verifier::verify);
        checks.check(claims, Instant.now());
        Map<String, Object> json = claims.toJSONObject();
        AuthInfo principal = principals.principal(claims, json);
        for (TokenHook hook : hooks) {
            principal = hook(hook, context, json, principal);
        }
        return Optional.of(principal);
    }

    private static AuthInfo hook(TokenHook hook, RequestContext context, Map<String, Object> claims, AuthInfo principal) {
        try {
            AuthInfo enriched = hook.verify(context, claims, principal);
            return enriched == null ? principal : enriched;
        } catch (TokenRejectedException e) {
            throw new CredentialRefusedException(ErrorCode.INVALID_TOKEN, e.getMessage(), true, e);
        } catch (RuntimeException e) {
            LOG.warn("Request {}: token hook {} failed; the token is rejected", context.getRequestId(),
                hook.getClass().getName(), e);
            throw new CredentialRefusedException(ErrorCode.INVALID_TOKEN, "token rejected", true, e);
        }
    }

    private static byte[] secret(String value) {
        if (value.isBlank()) {
            throw new FxConfigurationException(SECRET + " is blank");
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        try {
            new MACVerifier(bytes);
        } catch (JOSEException e) {
            throw new FxConfigurationException(SECRET + " is " + bytes.length
                + " bytes; HMAC tokens need a secret of at least 32 bytes (RFC 7518 section 3.2)");
        }
        return bytes;
    }
}
