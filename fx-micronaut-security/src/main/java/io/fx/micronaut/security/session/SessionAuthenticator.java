package io.fx.micronaut.security.session;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.csrf.CsrfConfiguration;
import io.fx.micronaut.security.csrf.CsrfMode;
import io.fx.micronaut.security.jwt.JwtConfiguration;
import io.fx.micronaut.security.jwt.JwtVerification;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.Revoker;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * Authenticates by the session cookie, after the bearer header and API keys ({@value #ORDER}): its token is
 * verified exactly as a bearer token (signature, claims, revocation, hooks), the principal has auth method
 * {@code session} and its session id is {@code sid} (else {@code jti}). A cookie that is refused answers the
 * token's 401 code and clears the cookie; a request carrying the cookie twice is refused with 400
 * {@code MALFORMED_REQUEST} (the cookie is not cleared: that would leave the browser with the planted one). Sessions need bearer verification (a key), CSRF protection and a
 * revocation store (so that logout ends a session): without any of them, startup fails naming the keys.
 */
@Singleton
@Requires(property = SessionConfiguration.ENABLED, value = "true")
final class SessionAuthenticator implements Authenticator {

    /** After bearer tokens and API keys. */
    static final int ORDER = API_KEY_ORDER + 50;
    /** The auth method of a session's principal. */
    static final String AUTH_METHOD = "session";
    /** The property choosing the CSRF protection. */
    static final String CSRF_MODE = CsrfConfiguration.PREFIX + ".mode";

    private final SessionCookies cookies;
    private final JwtVerification verification;

    SessionAuthenticator(SessionCookies cookies, @Nullable JwtVerification verification, CsrfConfiguration csrf,
                         @Nullable Revoker revoker) {
        if (csrf.getMode().isBlank() || CsrfMode.of(csrf.getMode()) == CsrfMode.OFF) {
            throw new FxConfigurationException(SessionConfiguration.ENABLED + " is true while " + CSRF_MODE
                + " is off: a session cookie is sent by the browser on cross-site requests too, so set " + CSRF_MODE
                + " to double-submit or signed");
        }
        if (verification == null) {
            throw new FxConfigurationException(SessionConfiguration.ENABLED + " is true but bearer verification is off:"
                + " session cookies hold tokens, so set " + JwtConfiguration.PREFIX + ".secret (or another key)");
        }
        if (revoker == null) {
            throw new FxConfigurationException(SessionConfiguration.ENABLED + " is true but no revocation store is active:"
                + " without one, logout cannot end a session before its cookie expires, so set "
                + RevocationConfiguration.STORE + " (memory, sql or redis) or declare a Revoker bean");
        }
        this.cookies = cookies;
        this.verification = verification;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    @NonNull
    public Optional<AuthInfo> authenticate(@NonNull RequestContext context) {
        String token = context.getRequest().flatMap(cookies::token).orElse(null);
        if (token == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(verification.verify(context, token, AUTH_METHOD));
        } catch (CredentialRefusedException e) {
            context.response().addCookie(cookies.clear());
            throw e;
        }
    }
}
