package io.fx.micronaut.testsuite.security.session;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.security.session.SessionCookies;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.json.JsonMapper;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cookies an attacker plants (through a sibling subdomain or a plain-http response) against module sessions
 * with double-submit CSRF: the login draws a fresh CSRF token whatever cookie the browser holds, a CSRF token
 * is bound to its session (another session's pair of cookie and header is {@code CSRF_TOKEN_MISMATCH}), and a
 * request carrying the session cookie or the CSRF cookie twice is 400 {@code MALFORMED_REQUEST}, with nothing
 * written. Plain cookie names ({@code secure: false}); {@link HostPrefixCookiesTest} has the {@code __Host-} ones.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class PlantedCookiesTest extends SecurityServerTest {

    static final String SPEC = "PlantedCookiesTest";
    static final String PLANTED = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    static final String BODY = "{\"title\":\"planted\"}";

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.revocation("store", "memory").sessions()
            .put("fx.security.session.secure", "false").csrf("secure", "false").csrf("exempt-paths", "/login")
            .put("fx.security.public-read", "Notice").whoAmI(ActionAccess.PROTECTED);
    }

    /** A browser's session after logging in: its two cookies and the token its script holds. */
    record Session(String cookie, String csrfCookie, String csrf) {

        Map<String, String> write() {
            return Map.of("Cookie", "fx_session=" + cookie + "; csrf_token=" + csrfCookie, "X-CSRF-Token", csrf);
        }
    }

    private Session login(String user, String plantedCsrf) {
        Reply reply = api.send("POST", "/api/login", "{\"user\":\"" + user + "\"}",
            plantedCsrf == null ? Map.of() : Map.of("Cookie", "csrf_token=" + plantedCsrf));
        assertEquals(200, reply.status(), reply::toString);
        String csrf = (String) reply.data().get("csrf_token");
        return new Session(Browser.value(reply, "fx_session"), Browser.value(reply, "csrf_token"), csrf);
    }

    @Test
    void theLoginDrawsAFreshCsrfTokenWhateverCookieTheBrowserHolds() {
        Session session = login("alice", PLANTED);
        assertNotEquals(PLANTED, session.csrf(), "a planted cookie does not survive the login");
        assertEquals(session.csrf(), session.csrfCookie());
        Reply planted = api.send("POST", "/api/notices", BODY, Map.of("Cookie",
            "fx_session=" + session.cookie() + "; csrf_token=" + PLANTED, "X-CSRF-Token", PLANTED));
        refused(planted, 403, "CSRF_TOKEN_MISMATCH");
        Reply own = api.send("POST", "/api/notices", BODY, session.write());
        assertEquals(201, own.status(), own::toString);
    }

    @Test
    void aCsrfTokenOfAnotherSessionIsAMismatch() {
        Session alice = login("alice", null);
        Session mallory = login("mallory", null);
        long before = api.count("/api/notices");
        Reply crossed = api.send("POST", "/api/notices", BODY, Map.of("Cookie",
            "fx_session=" + alice.cookie() + "; csrf_token=" + mallory.csrfCookie(), "X-CSRF-Token", mallory.csrf()));
        refused(crossed, 403, "CSRF_TOKEN_MISMATCH");
        String anonymous = Browser.value(api.get("/api/whoami-public"), "csrf_token");
        refused(api.send("POST", "/api/notices", BODY, Map.of("Cookie",
            "fx_session=" + alice.cookie() + "; csrf_token=" + anonymous, "X-CSRF-Token", anonymous)), 403,
            "CSRF_TOKEN_MISMATCH");
        assertEquals(before, api.count("/api/notices"), "nothing written");
        assertEquals(201, api.send("POST", "/api/notices", BODY, alice.write()).status());
    }

    @Test
    void aSafeRequestOfASessionWhoseCookieIsBoundElsewhereGetsAFreshOne() {
        Session alice = login("alice", null);
        Session mallory = login("mallory", null);
        Reply reply = api.send("GET", "/api/whoami", null, Map.of("Cookie",
            "fx_session=" + alice.cookie() + "; csrf_token=" + mallory.csrfCookie()));
        assertEquals(200, reply.status(), reply::toString);
        String fresh = Browser.value(reply, "csrf_token");
        assertNotEquals(mallory.csrfCookie(), fresh);
        Reply written = api.send("POST", "/api/notices", BODY, Map.of("Cookie",
            "fx_session=" + alice.cookie() + "; csrf_token=" + fresh, "X-CSRF-Token", fresh));
        assertEquals(201, written.status(), written::toString);
        assertTrue(Browser.setCookies(api.send("GET", "/api/whoami", null, Map.of("Cookie",
            "fx_session=" + alice.cookie() + "; csrf_token=" + alice.csrfCookie()))).isEmpty(), "a bound cookie is kept");
    }

    @Test
    void aRequestCarryingTheSessionCookieTwiceIs400() {
        Session alice = login("alice", null);
        Session mallory = login("mallory", null);
        Reply twice = api.send("GET", "/api/whoami", null, Map.of("Cookie",
            "fx_session=" + mallory.cookie() + "; fx_session=" + alice.cookie()));
        refused(twice, 400, "MALFORMED_REQUEST");
        assertTrue(!twice.text().contains(alice.cookie()) && !twice.text().contains(mallory.cookie()), twice::toString);
        // a name behind a comma is no __Host- name to the browser, but the server's decoder reads it as the cookie
        refused(api.send("GET", "/api/whoami", null, Map.of("Cookie",
            ",fx_session=" + mallory.cookie() + "; fx_session=" + alice.cookie())), 400, "MALFORMED_REQUEST");
        long before = api.count("/api/notices");
        refused(api.send("POST", "/api/notices", BODY, Map.of("Cookie", "fx_session=" + alice.cookie()
            + "; csrf_token=" + alice.csrfCookie() + "; fx_session=" + alice.cookie(), "X-CSRF-Token", alice.csrf())),
            400, "MALFORMED_REQUEST");
        assertEquals(before, api.count("/api/notices"), "nothing written");
    }

    @Test
    void aRequestCarryingTheCsrfCookieTwiceIs400() {
        Session alice = login("alice", null);
        long before = api.count("/api/notices");
        Reply twice = api.send("POST", "/api/notices", BODY, Map.of("Cookie", "fx_session=" + alice.cookie()
            + "; csrf_token=" + PLANTED + "; csrf_token=" + alice.csrfCookie(), "X-CSRF-Token", alice.csrf()));
        refused(twice, 400, "MALFORMED_REQUEST");
        assertEquals(before, api.count("/api/notices"), "nothing written");
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action whoamiPublic() {
            return Action.get("/whoami-public", context -> Map.of("data", Map.of())).access(ActionAccess.PUBLIC);
        }

        /** Logs in whoever the body names, as a login action would after checking a password. */
        @Singleton
        Action login(TokenIssuer issuer, SessionCookies sessions, CsrfTokens csrf, JsonMapper json) {
            return TestLogin.action(issuer, sessions, csrf, context -> user(json, context.payload().getRawBody()));
        }

        private static String user(JsonMapper json, byte[] body) {
            try {
                return (String) json.readValue(body, Map.class).get("user");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
