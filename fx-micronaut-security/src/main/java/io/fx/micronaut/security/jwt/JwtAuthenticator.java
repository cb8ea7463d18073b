package io.fx.micronaut.security.jwt;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.AuthScheme;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Bearer JWT authentication ({@code fx.security.jwt}): reads the token from the configured header and hands
 * it to {@link JwtVerification}: the signature (Nimbus), the claim checks, revocation when a store is active,
 * then the {@link TokenHook}s.
 */
@Singleton
@Requires(condition = JwtRequested.class)
final class JwtAuthenticator implements Authenticator {

    /** The auth method of a bearer token's principal. */
    static final String AUTH_METHOD = "jwt";

    private final BearerTokens tokens;
    private final JwtVerification verification;
    private final AuthScheme scheme;

    JwtAuthenticator(JwtConfiguration configuration, JwtVerification verification) {
        this.tokens = new BearerTokens(configuration.getHeader());
        this.verification = verification;
        this.scheme = configuration.getHeader().equalsIgnoreCase(JwtConfiguration.DEFAULT_HEADER)
            ? new AuthScheme("bearerAuth", true, null, verification.usesKeySet())
            : new AuthScheme("bearerAuth", false, configuration.getHeader(), verification.usesKeySet());
    }

    @Override
    @NonNull
    public Optional<AuthScheme> scheme() {
        return Optional.of(scheme);
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
        return Optional.of(verification.verify(context, token.get(), AUTH_METHOD));
    }
}
