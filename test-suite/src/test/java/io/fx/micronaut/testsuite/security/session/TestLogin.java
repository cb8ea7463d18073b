package io.fx.micronaut.testsuite.security.session;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.security.session.SessionCookies;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code POST /api/login} of the session tests, as a login action does it once the password is checked: a
 * {@link TokenIssuer} token in the session cookie, and a new CSRF token of the new session ({@code csrf_token}).
 */
final class TestLogin {

    private TestLogin() {
    }

    static Action action(TokenIssuer issuer, SessionCookies sessions, CsrfTokens csrf,
                         Function<RequestContext, String> user) {
        return Action.post("/login", context -> {
            TokenIssuer.IssuedToken token = issuer.issue(user.apply(context), List.of(), null);
            context.response().addCookie(sessions.issue(token.token(), token.expiresIn()));
            return Map.of("data", Map.of("csrf_token", csrf.issueCookie(context, token.sessionId())));
        }).access(ActionAccess.PUBLIC);
    }
}
