package io.fx.micronaut.testsuite.security.csrf;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.csrf.CsrfMode;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import static io.fx.micronaut.testsuite.security.csrf.TestSessions.session;
import static io.fx.micronaut.testsuite.security.support.Refusals.forbidden;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Signed CSRF tokens (HMAC-SHA256 of the session id) with {@code enforce-bearer} and no origin list: the
 * codes in order, bearer tokens checked too (their {@code sid} is the session id), API keys without a
 * session refused, no cookie handed out, and the {@code CsrfTokens} helpers (the cookie's name, {@code SameSite}
 * and {@code Secure} as configured).
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class SignedCsrfTest extends SecurityServerTest {

    static final String SPEC = "SignedCsrfTest";
    static final String CSRF_SECRET = "signed-csrf-secret-0123456789abcdefghij";
    static final String BODY = "{\"title\":\"signed\"}";

    @Inject
    CsrfTokens tokens;

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.apiKey(DoubleSubmitCsrfTest.API_KEY, "ci-bot")
            .csrf("mode", "signed").csrf("secret", CSRF_SECRET).csrf("enforce-bearer", "true")
            .csrf("header-name", "X-XSRF").csrf("secure", "false").csrf("same-site", "strict").csrf("cookie-name", "xsrf")
            ;
    }

    /** The expected token, computed independently of the library. */
    private static String hmac(String sessionId) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(CSRF_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return Base64.getUrlEncoder().withoutPadding()
            .encodeToString(mac.doFinal(sessionId.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theChecksRunInOrderWithTheirCodes() throws Exception {
        forbidden(session("sid-1").send(api, "POST", "/api/notices", BODY), "CSRF_TOKEN_MISSING");
        forbidden(session(TestSessions.NO_SID).header("X-XSRF", hmac("sid-1"))
            .send(api, "POST", "/api/notices", BODY), "CSRF_NO_SESSION");
        forbidden(session("sid-1").header("X-XSRF", hmac("sid-2")).send(api, "POST", "/api/notices", BODY),
            "CSRF_TOKEN_MISMATCH");
        forbidden(session("sid-1").header("X-CSRF-Token", hmac("sid-1")).send(api, "POST", "/api/notices", BODY),
            "CSRF_TOKEN_MISSING");
        Reply created = session("sid-1").header("X-XSRF", hmac("sid-1")).send(api, "POST", "/api/notices", BODY);
        assertEquals(201, created.status(), created::toString);
        Reply action = session("sid-1").header("X-XSRF", hmac("sid-1")).send(api, "POST", "/api/ping", "{}");
        assertEquals(200, action.status(), action::toString);
        forbidden(session("sid-1").send(api, "POST", "/api/ping", "{}"), "CSRF_TOKEN_MISSING");
    }

    @Test
    void enforceBearerChecksBearerTokensAndApiKeys() throws Exception {
        String bearer = Tokens.jwt("alice").sessionId("bearer-sid").bearer();
        forbidden(new Browser().header("Authorization", bearer).send(api, "POST", "/api/notices", BODY), "CSRF_TOKEN_MISSING");
        forbidden(new Browser().header("Authorization", bearer).header("X-XSRF", hmac("sid-1"))
            .send(api, "POST", "/api/notices", BODY), "CSRF_TOKEN_MISMATCH");
        Reply ok = new Browser().header("Authorization", bearer).header("X-XSRF", hmac("bearer-sid"))
            .send(api, "POST", "/api/notices", BODY);
        assertEquals(201, ok.status(), ok::toString);
        forbidden(new Browser().header("X-API-Key", DoubleSubmitCsrfTest.API_KEY).header("X-XSRF", hmac("sid-1"))
            .send(api, "DELETE", "/api/notices/1", null), "CSRF_NO_SESSION");
    }

    @Test
    void noCookieIsHandedOutAndSafeMethodsPass() {
        Reply reply = session("sid-1").send(api, "GET", "/api/notices", null);
        assertEquals(200, reply.status(), reply::toString);
        assertTrue(Browser.setCookie(reply, "csrf_token").isEmpty(), reply.headers().toString());
    }

    @Test
    void theHelpersComputeTheSameToken() throws Exception {
        assertEquals(CsrfMode.SIGNED, tokens.mode());
        assertEquals(hmac("sid-9"), tokens.signed("sid-9"));
        assertEquals(hmac("sid-9"), CsrfTokens.signed("sid-9", CSRF_SECRET));
        assertEquals(43, tokens.signed("x").length());
        assertThrows(IllegalArgumentException.class, () -> CsrfTokens.signed("sid-9", "short"));
    }

    @Test
    void issueCookieFollowsTheCookieSettingsInAnyMode() {
        Reply reply = session("sid-1").header("X-XSRF", tokens.signed("sid-1")).send(api, "POST", "/api/cookie", "{}");
        assertEquals(200, reply.status(), reply::toString);
        String cookie = Browser.setCookie(reply, "xsrf").orElseThrow(() -> new AssertionError(reply.headers()));
        assertEquals(reply.data().get("token"), Browser.value(cookie));
        assertTrue(cookie.contains("SameSite=Strict"), cookie);
        assertTrue(!cookie.contains("Secure"), cookie);
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action ping() {
            return Action.post("/ping", context -> Map.of("data", Map.of("pong", true))).access(ActionAccess.PROTECTED);
        }

        @Singleton
        Action cookie(CsrfTokens tokens) {
            return Action.post("/cookie", context -> Map.of("data", Map.of("token", tokens.issueCookie(context))))
                .access(ActionAccess.PROTECTED);
        }
    }
}
