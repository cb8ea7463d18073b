package io.fx.micronaut.security.session;

import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.security.jwt.RevocationLookAheadSource;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Lets the revocation look-ahead start the lookup of a session cookie's token, as it does for a bearer token.
 */
@Singleton
@Requires(property = SessionConfiguration.ENABLED, value = "true")
final class SessionLookAheadSource implements RevocationLookAheadSource {

    private final SessionCookies cookies;

    SessionLookAheadSource(SessionCookies cookies) {
        this.cookies = cookies;
    }

    @Override
    @NonNull
    public Optional<String> token(@NonNull HttpRequest<?> request) {
        try {
            return cookies.token(request);
        } catch (FxException e) {
            return Optional.empty(); // two session cookies: the authenticator refuses the request in its place
        }
    }
}
