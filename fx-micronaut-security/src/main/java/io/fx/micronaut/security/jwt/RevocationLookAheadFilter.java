package io.fx.micronaut.security.jwt;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.revocation.Revoker;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;

import java.util.List;
import java.util.Optional;

/**
 * Starts the revocation lookup of a bearer token before the request is routed, when the token's signature was
 * verified recently and the store can look up without blocking ({@link
 * io.fx.micronaut.security.revocation.Revoker#checkAsync}). The request is routed at once, but its pipeline
 * is held ({@link io.fx.micronaut.web.PipelineGate}) until the lookup has answered or failed (at most {@code
 * fx.security.revocation.timeout} from its start): it then starts on its thread with the answer in, and no
 * thread waits for the store. The verifier uses the answer in its usual place, after the signature and the
 * claims, for that very token only. Tokens not verified recently (a first request, a bad signature) are looked
 * up by the verifier as usual, so no unverified token starts a lookup. Only requests under {@code
 * fx.path-prefix} are looked at. A request without a bearer header is looked ahead by the token of the first
 * {@link RevocationLookAheadSource} that finds one (the session cookie's, with sessions on).
 */
@Internal
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
@Requires(condition = JwtRequested.class)
@Requires(beans = Revoker.class)
final class RevocationLookAheadFilter implements Ordered {

    private final BearerTokens tokens;
    private final List<RevocationLookAheadSource> sources;
    private final JwtVerification verification;
    private final String prefix;

    RevocationLookAheadFilter(JwtConfiguration configuration, List<RevocationLookAheadSource> sources,
                              JwtVerification verification, FxConfiguration fx) {
        this.tokens = new BearerTokens(configuration.getHeader());
        this.sources = List.copyOf(sources);
        this.verification = verification;
        String path = fx.getPathPrefix();
        this.prefix = path.endsWith("/") ? path : path + "/";
    }

    @RequestFilter
    void lookAhead(HttpRequest<?> request) {
        if (!verification.revocationEnabled() || !request.getPath().startsWith(prefix)) {
            return;
        }
        Optional<String> token;
        try {
            token = tokens.read(request);
        } catch (CredentialRefusedException e) {
            return; // the authenticator refuses it in its place
        }
        for (int i = 0; token.isEmpty() && i < sources.size(); i++) {
            token = sources.get(i).token(request);
        }
        token.ifPresent(compact -> verification.lookAhead(request, compact));
    }

    /** Last of the filters, so a request another filter refuses starts no lookup. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
