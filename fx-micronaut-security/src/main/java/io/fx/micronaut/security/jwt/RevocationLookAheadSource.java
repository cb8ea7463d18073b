package io.fx.micronaut.security.jwt;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

import java.util.Optional;

/**
 * Where the revocation look-ahead finds a request's token when it carries no bearer header: a bean for a
 * credential that an authenticator later verifies with {@link JwtVerification#verify} (the session cookie
 * is one). The look-ahead starts a lookup only for a token whose signature was verified recently, and the
 * verifier uses the answer only for that very token, so a source that finds a token its authenticator
 * then does not use (another authenticator came first) costs one lookup and changes no outcome.
 *
 * <p>Called on the event loop for every request under {@code fx.path-prefix} without a bearer header: it
 * must not block.</p>
 *
 * @since 0.6.0
 */
@FunctionalInterface
public interface RevocationLookAheadSource {

    /**
     * @param request the request, before routing
     * @return the compact token an authenticator will verify, or empty
     */
    @NonNull
    Optional<String> token(@NonNull HttpRequest<?> request);
}
