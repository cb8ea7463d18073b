package io.fx.micronaut.security;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;

import java.util.Map;

/**
 * The final check of a bearer token (or session cookie): runs after the signature, claim and revocation checks,
 * in {@link Ordered order},
 * each hook receiving the principal the previous one returned. Throw a {@link TokenRejectedException}
 * to refuse the token (401 {@code INVALID_TOKEN} with its message); any other exception refuses it too,
 * with the message {@code token rejected}, and is logged.
 *
 * <pre>{@code
 * @Singleton
 * class SuspendedAccounts implements TokenHook {
 *     public AuthInfo verify(RequestContext context, Map<String, Object> claims, AuthInfo principal) {
 *         if (Boolean.TRUE.equals(claims.get("suspended"))) {
 *             throw new TokenRejectedException("account suspended");
 *         }
 *         return principal;
 *     }
 * }
 * }</pre>
 *
 * @since 0.4.0
 */
@FunctionalInterface
public interface TokenHook extends Ordered {

    /**
     * @param context   the request
     * @param claims    the token's claims
     * @param principal the principal built from the claims (or enriched by an earlier hook)
     * @return the principal to use, possibly enriched
     * @throws TokenRejectedException to refuse the token
     */
    @NonNull
    AuthInfo verify(@NonNull RequestContext context, @NonNull Map<String, Object> claims, @NonNull AuthInfo principal);
}
