package io.fx.micronaut.security;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.order.Ordered;

import java.util.Optional;

/**
 * A source of principals on the Auth step: bearer tokens, API keys, sessions. Declare implementations
 * as beans; they are asked in {@link Ordered order} (bearer {@value #BEARER_ORDER}, API keys
 * {@value #API_KEY_ORDER}, others {@code 0} unless they say otherwise, so after both), and the first that
 * finds its credential on the request decides: it returns the principal or refuses.
 *
 * <p>A credential that is present but bad is refused by throwing a {@link CredentialRefusedException}
 * (401); it is never passed on to the next authenticator nor treated as anonymous.</p>
 *
 * @since 0.4.0
 */
public interface Authenticator extends Ordered {

    /** The order of the bearer token authenticator. */
    int BEARER_ORDER = -200;

    /** The order of the API key authenticator. */
    int API_KEY_ORDER = -100;

    /**
     * @param context the request
     * @return the principal; empty when the request carries no credential of this kind
     * @throws CredentialRefusedException when the credential is present but not valid
     */
    @NonNull
    Optional<AuthInfo> authenticate(@NonNull RequestContext context);

    /**
     * @return how the credential travels, for the API document's security scheme; empty for an authenticator the
     *     document does not describe (a custom one, by default)
     * @since 0.7.0
     */
    @NonNull
    default Optional<AuthScheme> scheme() {
        return Optional.empty();
    }
}
