package io.fx.micronaut.security.jwt;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.Revoker;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Starts the revocation lookup of a bearer token before the request is routed, when the token's signature was
 * verified recently and the store can look up without blocking ({@link
 * io.fx.micronaut.security.revocation.Revoker#checkAsync}), and lets the request go on once the answer is in.
 * The request thread then never waits for the store: the answer arrives before the request is handed to it,
 * and the verifier uses it in its usual place, after the signature and the claims, for that very token only.
 * Tokens not verified recently (a first request, a bad signature) are looked up by the verifier as usual, so
 * no unverified token starts a lookup. Only requests under {@code fx.path-prefix} are looked at.
 */
@Internal
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(condition = JwtRequested.class)
@Requires(beans = Revoker.class)
final class RevocationLookAheadFilter implements Ordered {

    private final BearerTokens tokens;
    private final JwtVerification verification;
    private final String prefix;

    RevocationLookAheadFilter(JwtConfiguration configuration, JwtVerification verification, FxConfiguration fx) {
        this.tokens = new BearerTokens(configuration.getHeader());
        this.verification = verification;
        String path = fx.getPathPrefix();
        this.prefix = path.endsWith("/") ? path : path + "/";
    }

    @RequestFilter
    CompletableFuture<HttpRequest<?>> lookAhead(HttpRequest<?> request) {
        if (!verification.revocationEnabled() || !request.getPath().startsWith(prefix)) {
            return CompletableFuture.completedFuture(request);
        }
        Optional<String> token;
        try {
            token = tokens.read(request);
        } catch (CredentialRefusedException e) {
            return CompletableFuture.completedFuture(request); // the authenticator refuses it in its place
        }
        Optional<CompletableFuture<RevocationStatus>> answer = token.flatMap(compact -> verification.lookAhead(request, compact));
        if (answer.isEmpty()) {
            return CompletableFuture.completedFuture(request);
        }
        return answer.get().handle((status, failure) -> request);
    }

    /** Last of the filters, so the lookup runs while nothing else waits on it, and nothing runs on its thread but routing. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
