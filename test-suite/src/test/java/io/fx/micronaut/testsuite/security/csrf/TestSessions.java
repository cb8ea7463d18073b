package io.fx.micronaut.testsuite.security.csrf;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.cookie.Cookie;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stand-in for cookie sessions: the cookie {@code test_session} authenticates as {@code browser-user} with
 * auth method {@code session} and its value as the session id ({@value #NO_SID} gives no session id); a bean of
 * the two CSRF tests' applications.
 */
@Singleton
@Requires(property = "spec.name", pattern = DoubleSubmitCsrfTest.SPEC + "|" + SignedCsrfTest.SPEC)
final class TestSessions implements Authenticator {

    static final String COOKIE = "test_session";
    static final String NO_SID = "no-sid";

    /** @return a browser holding the session cookie with that value */
    static Browser session(String sessionId) {
        return new Browser().cookie(COOKIE, sessionId);
    }

    @Override
    public Optional<AuthInfo> authenticate(RequestContext context) {
        return context.getRequest().flatMap(r -> r.getCookies().findCookie(COOKIE)).map(Cookie::getValue)
            .map(value -> new AuthInfo("browser-user", List.of(), Map.of(), null, IdentityType.HUMAN, List.of(),
                NO_SID.equals(value) ? null : value, "session"));
    }
}
