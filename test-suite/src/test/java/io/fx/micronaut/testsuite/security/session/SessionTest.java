package io.fx.micronaut.testsuite.security.session;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.session.SessionCookies;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.security.support.Tokens.id;
import static io.fx.micronaut.testsuite.security.support.Tokens.millisecondToken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cookie sessions: the cookie authenticates as a bearer token would (auth method {@code session}, session id
 * {@code sid} else {@code jti}), after the bearer header; a refused cookie answers its token's code and is
 * cleared; logout revokes it and clears it; {@link SessionCookies} builds the cookie. Requests also carry a
 * double-submit CSRF cookie and header, as a browser would, since sessions require CSRF protection.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class SessionTest extends SecurityServerTest {

    static final String SPEC = "SessionTest";

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.revocation("store", "memory").sessions()
            .put("fx.security.session.host-prefix", "false").csrf("host-prefix", "false")
            .csrf("exempt-paths", "/session-login").whoAmI(ActionAccess.PROTECTED);
    }

    static String token(String subject) {
        return millisecondToken(SECRET, subject);
    }

    /** As a browser sends it: a write echoes the CSRF token a safe request of the session handed out. */
    private Reply withCookie(String method, String path, String session) {
        if ("GET".equals(method)) {
            return api.send(method, path, null, Map.of("Cookie", "fx_session=" + session));
        }
        String csrf = Browser.value(withCookie("GET", "/api/whoami", session), "csrf_token");
        return api.send(method, path, null, Map.of("Cookie", "fx_session=" + session + "; csrf_token=" + csrf,
            "X-CSRF-Token", csrf));
    }

    private static String setCookie(Reply reply, String name) {
        List<String> values = Browser.setCookies(reply).stream().filter(v -> v.startsWith(name + "=")).toList();
        assertEquals(1, values.size(), reply::toString);
        return values.get(0);
    }

    private static void cleared(Reply reply) {
        String cookie = setCookie(reply, "fx_session");
        assertTrue(cookie.startsWith("fx_session=;") && cookie.contains("Max-Age=0") && cookie.contains("Path=/"), cookie);
    }

    @Test
    void theCookieAuthenticatesWithMethodSessionAndItsSessionId() {
        String withSid = Tokens.jwt("alice").jwtId(id()).sessionId("session-7").token();
        Reply reply = withCookie("GET", "/api/whoami", withSid);
        assertEquals(200, reply.status(), reply::toString);
        assertEquals("alice", reply.data().get("user_id"));
        assertEquals("session", reply.data().get("auth_method"));
        assertEquals("session-7", reply.data().get("session_id"));
        String jti = id();
        Reply byJti = withCookie("GET", "/api/whoami",
            millisecondToken(SECRET, "bob", jti, System.currentTimeMillis(), 300));
        assertEquals(jti, byJti.data().get("session_id"));
    }

    @Test
    void theBearerHeaderComesFirst() {
        Reply reply = Browser.loggedIn(token("cookie-user")).bearer(token("bearer-user"))
            .send(api, "GET", "/api/whoami", null);
        assertEquals("bearer-user", reply.data().get("user_id"), reply::toString);
        assertEquals("jwt", reply.data().get("auth_method"));
    }

    @Test
    void aRefusedCookieAnswersItsCodeAndIsCleared() {
        Reply forged = withCookie("GET", "/api/whoami", millisecondToken(SECRET.replace('0', 'x'), "u", id(),
            System.currentTimeMillis(), 300));
        assertEquals(401, forged.status());
        assertEquals("INVALID_TOKEN", forged.code());
        cleared(forged);
        Reply expired = withCookie("GET", "/api/whoami", millisecondToken(SECRET, "u", id(),
            System.currentTimeMillis() - 3_000_000, 600));
        assertEquals("TOKEN_EXPIRED", expired.code(), expired::toString);
        cleared(expired);
        Reply noJti = withCookie("GET", "/api/whoami",
            millisecondToken(SECRET, "u", null, System.currentTimeMillis(), 300));
        assertEquals("TOKEN_NOT_REVOCABLE", noJti.code(), noJti::toString);
        cleared(noJti);
        Reply garbage = withCookie("GET", "/api/whoami", "garbage");
        assertEquals("INVALID_TOKEN", garbage.code(), garbage::toString);
        cleared(garbage);
    }

    @Test
    void anEmptyCookieIsNoCredential() {
        Reply reply = withCookie("GET", "/api/whoami", "");
        assertEquals(401, reply.status());
        assertEquals("UNAUTHORIZED", reply.code());
    }

    @Test
    void logoutRevokesTheSessionAndClearsTheCookie() {
        String session = token("carol");
        assertEquals(200, withCookie("GET", "/api/whoami", session).status());
        Reply logout = withCookie("POST", "/api/logout", session);
        assertEquals(204, logout.status(), logout::toString);
        cleared(logout);
        Reply after = withCookie("GET", "/api/whoami", session);
        assertEquals("TOKEN_REVOKED", after.code(), after::toString);
        cleared(after);
        Reply bearerLogout = api.withBearer(token("dave")).send("POST", "/api/logout", null);
        assertEquals(204, bearerLogout.status());
        cleared(bearerLogout);
    }

    @Test
    void sessionCookiesBuildsAnHttpOnlyLaxSecureCookie() {
        Reply reply = api.post("/api/session-login", "{}");
        assertEquals(204, reply.status(), reply::toString);
        String cookie = setCookie(reply, "fx_session");
        String lower = cookie.toLowerCase(Locale.ROOT);
        assertTrue(cookie.startsWith("fx_session=" + "issued-token;"), cookie);
        assertTrue(lower.contains("httponly") && lower.contains("samesite=lax") && lower.contains("path=/")
            && lower.contains("max-age=900") && lower.contains("secure"), cookie);
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action login(SessionCookies cookies) {
            return Action.post("/session-login", context -> {
                context.response().addCookie(cookies.issue("issued-token", Duration.ofMinutes(15)));
                return null;
            }).access(ActionAccess.PUBLIC);
        }
    }
}
