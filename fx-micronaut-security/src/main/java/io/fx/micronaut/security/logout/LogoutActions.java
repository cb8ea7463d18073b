package io.fx.micronaut.security.logout;

import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.security.event.SecurityEvents;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.action.ActionRegistrar;
import io.fx.micronaut.action.ActionRegistry;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.Challenges;
import io.fx.micronaut.security.jwt.JwtConfiguration;
import io.fx.micronaut.security.session.SessionCookies;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;

/**
 * The logout actions, mounted while a {@link Revoker} is active, both PROTECTED and answering 204:
 * {@code POST {prefix}/logout} revokes the caller's token (its {@code jti}, kept until its {@code exp} plus the
 * clock skew, during which it would still pass), and {@code POST {prefix}/logout-all} cuts off every token of
 * the caller's user issued before now (kept for {@code retain} plus the clock skew). A caller without a
 * revocable token (an API key) gets 401 {@code TOKEN_NOT_REVOCABLE} from {@code /logout}. With sessions on
 * both clear the session cookie.
 */
@Singleton
@Requires(beans = Revoker.class)
final class LogoutActions implements ActionRegistrar {

    private static final Logger LOG = LoggerFactory.getLogger(LogoutActions.class);

    static final String LOGOUT = "/logout";
    static final String LOGOUT_ALL = "/logout-all";
    private static final String ERRORS = " 401 UNAUTHORIZED, INVALID_TOKEN, TOKEN_REVOKED and the other token codes when the"
        + " credential is refused; 503 REVOCATION_UNAVAILABLE when the revocation store cannot be reached.";

    private final Revoker revoker;
    private final Duration skew;
    private final Duration retain;
    private final SessionCookies cookies;
    private final SecurityEvents events;

    LogoutActions(Revoker revoker, RevocationConfiguration revocation, JwtConfiguration jwt,
                  @Nullable SessionCookies cookies, SecurityEvents events) {
        this.events = events;
        this.revoker = revoker;
        this.skew = jwt.getClockSkew();
        this.retain = revocation.getRetain();
        this.cookies = cookies;
    }

    @Override
    public void register(@NonNull ActionRegistry registry) {
        registry.add(Action.post(LOGOUT, this::logout).access(ActionAccess.PROTECTED).openApi(ActionOpenApi.NONE
            .summary("Log out: revoke the caller's token")
            .description("Revokes the bearer token or session cookie the request carries (its jti) and clears the"
                + " session cookie; 204. 401 TOKEN_NOT_REVOCABLE when the caller authenticated without a token"
                + " (an API key) or its token has no jti." + ERRORS)));
        registry.add(Action.post(LOGOUT_ALL, this::logoutAll).access(ActionAccess.PROTECTED).openApi(ActionOpenApi.NONE
            .summary("Log out everywhere: revoke every token of the caller's user issued until now")
            .description("Sets the caller's cutoff to now: every token of the user issued before it is refused with"
                + " TOKEN_REVOKED; tokens issued afterwards pass. Clears the session cookie; 204." + ERRORS)));
    }

    private Object logout(RequestContext context) {
        AuthInfo principal = context.getPrincipal().orElseThrow();
        Object jti = principal.claims().get("jti");
        Object exp = principal.claims().get("exp");
        if (jti == null || jti.toString().isBlank() || !(exp instanceof Number expiry)) {
            CredentialRefusedException refused = new CredentialRefusedException(SecurityErrorCodes.TOKEN_NOT_REVOCABLE,
                "the request carries no revocable token", false, null);
            Challenges.unauthorized(context, refused);
            throw refused;
        }
        Instant keepUntil = Instant.ofEpochSecond(expiry.longValue()).plus(skew);
        write(context, "logout", () -> revoker.revokeToken(jti.toString(), keepUntil));
        clearSession(context);
        events.logout(context, principal.userId());
        return null;
    }

    private Object logoutAll(RequestContext context) {
        AuthInfo principal = context.getPrincipal().orElseThrow();
        Instant now = Instant.now();
        write(context, "logout-all", () -> revoker.revokeUser(principal.userId(), now, now.plus(retain).plus(skew)));
        clearSession(context);
        events.logoutAll(context, principal.userId(), now);
        return null;
    }

    /** A store that fails answers 503 with a generic message; the cause is logged. */
    private void write(RequestContext context, String operation, Runnable revocation) {
        try {
            revocation.run();
        } catch (RuntimeException e) {
            events.revocationUnavailable(context, operation);
            LOG.warn("Request {}: the revocation store failed; nothing was revoked", context.getRequestId(), e);
            throw SecurityErrorCodes.REVOCATION_UNAVAILABLE.exception("the revocation store cannot be written right now", null, e);
        }
    }

    private void clearSession(RequestContext context) {
        if (cookies != null) {
            context.response().addCookie(cookies.clear());
        }
    }
}
