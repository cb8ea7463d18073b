package io.fx.micronaut.testsuite.security.csrf;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.AccessGuard;
import io.fx.micronaut.security.csrf.CsrfMiddleware;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpMethod;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.csrf.TestSessions.session;
import static io.fx.micronaut.testsuite.security.support.Refusals.forbidden;
import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static io.fx.micronaut.testsuite.support.Api.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Double-submit CSRF protection with an origin list and an exempt path: every code in its order on generated
 * writes and custom actions, the cookie handed out on safe requests, the bearer and API key exemptions, the
 * wildcard origins, the {@code Referer} fallback and {@code Origin: null}.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class DoubleSubmitCsrfTest extends SecurityServerTest {

    static final String SPEC = "DoubleSubmitCsrfTest";
    static final String API_KEY = "csrf-key-0123456789";
    static final String ORIGIN = "https://app.example.com";
    static final String CSRF_SECRET = "double-submit-csrf-secret-0123456789-abc";
    /** A token of session {@code s1}, as a safe request of that session hands it out. */
    static String TOKEN;
    static final String BODY = "{\"title\":\"csrf\"}";

    @Inject
    CsrfMiddleware middleware;

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.apiKey(API_KEY, "ci-bot").csrf("mode", "double-submit")
            .csrf("secret", CSRF_SECRET).csrf("host-prefix", "false")
            // Micronaut refuses non-local origins calling a localhost server unless told otherwise
            .put("micronaut.server.cors.localhost-pass-through", "true")
            .csrf("allowed-origins", "https://app.example.com,*.example.org,http://localhost:8080")
            .csrf("exempt-paths", "/login").openApi();
    }

    @BeforeAll
    void sessionToken() {
        TOKEN = Browser.value(session("s1").send(api, "GET", "/api/things", null), "csrf_token");
    }

    private static Browser browser() {
        return session("s1").origin(ORIGIN);
    }

    private static Browser withToken() {
        return browser().csrf(TOKEN);
    }

    @Test
    void theChecksRunInOrderWithTheirCodes() {
        forbidden(session("s1").send(api, "POST", "/api/notices", BODY), "CSRF_ORIGIN_REJECTED");
        forbidden(session("s1").csrf(TOKEN).send(api, "POST", "/api/notices", BODY),
            "CSRF_ORIGIN_REJECTED");
        forbidden(browser().cookie("csrf_token", TOKEN).send(api, "POST", "/api/notices", BODY), "CSRF_TOKEN_MISSING");
        forbidden(browser().token(TOKEN).send(api, "POST", "/api/notices", BODY), "CSRF_COOKIE_MISSING");
        // another first character (a fixed "x" left the token unchanged whenever it began with one: 1 run in 64)
        String altered = (TOKEN.charAt(0) == 'x' ? "y" : "x") + TOKEN.substring(1);
        forbidden(browser().cookie("csrf_token", TOKEN).token(altered).send(api, "POST", "/api/notices", BODY),
            "CSRF_TOKEN_MISMATCH");
        String other = Browser.value(session("s2").send(api, "GET", "/api/things", null), "csrf_token");
        forbidden(browser().csrf(other).send(api, "POST", "/api/notices", BODY), "CSRF_TOKEN_MISMATCH");
        String unsigned = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        forbidden(browser().csrf(unsigned).send(api, "POST", "/api/notices", BODY),
            "CSRF_TOKEN_MISMATCH");
        Reply created = withToken().send(api, "POST", "/api/notices", BODY);
        assertEquals(201, created.status(), created::toString);
        Reply message = browser().send(api, "POST", "/api/notices", BODY);
        assertEquals("the X-CSRF-Token header is missing", message.error().get("message"));
        assertFalse(message.text().contains(TOKEN));
    }

    @Test
    void putPatchDeleteAndCustomActionsAreCheckedSafeMethodsAreNot() {
        forbidden(browser().send(api, "PATCH", "/api/notices/1", BODY), "CSRF_TOKEN_MISSING");
        forbidden(browser().send(api, "DELETE", "/api/notices/1", null), "CSRF_TOKEN_MISSING");
        forbidden(browser().send(api, "PUT", "/api/things/7", "{}"), "CSRF_TOKEN_MISSING");
        forbidden(browser().send(api, "POST", "/api/things/7/touch", "{}"), "CSRF_TOKEN_MISSING");
        Reply put = withToken().send(api, "PUT", "/api/things/7", "{}");
        assertEquals(200, put.status(), put::toString);
        assertEquals("7", put.data().get("id"));
        assertEquals(200, session("s1").send(api, "GET", "/api/notices", null).status());
        assertEquals(200, session("s1").send(api, "GET", "/api/things", null).status());
    }

    @Test
    void safeRequestsSetTheCookieWhenAbsent() {
        Reply reply = session("s1").send(api, "GET", "/api/things", null);
        String cookie = Browser.setCookie(reply, "csrf_token").orElseThrow(() -> new AssertionError(reply.headers()));
        String value = Browser.value(cookie);
        assertEquals(87, value.length(), cookie);
        assertTrue(value.matches("[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43}"), cookie);
        assertTrue(cookie.contains("Path=/"), cookie);
        assertTrue(cookie.contains("SameSite=Lax"), cookie);
        assertTrue(cookie.contains("Secure"), cookie);
        assertFalse(cookie.toLowerCase(Locale.ROOT).contains("httponly"), cookie);
        String other = Browser.value(Browser.setCookie(session("s1").send(api, "GET", "/api/notices", null),
            "csrf_token").orElseThrow());
        assertNotEquals(value, other, "each cookie is drawn afresh");
        assertTrue(Browser.setCookie(session("s1").send(api, "HEAD", "/api/notices", null), "csrf_token").isPresent());
        assertTrue(Browser.setCookie(api.send("OPTIONS", "/api/notices", null, Map.of()), "csrf_token").isPresent());
        // the issued cookie then carries a write
        Reply created = browser().cookie("csrf_token", value).token(value).send(api, "POST", "/api/notices", BODY);
        assertEquals(201, created.status(), created::toString);
    }

    @Test
    void aCookieOfTheSessionIsNotReissuedAnyOtherIs() {
        assertTrue(Browser.setCookie(session("s1").cookie("csrf_token", TOKEN).send(api, "GET", "/api/things", null),
            "csrf_token").isEmpty());
        String reissued = Browser.setCookie(session("s1").cookie("csrf_token", "short")
            .send(api, "GET", "/api/things", null), "csrf_token").orElseThrow();
        assertNotEquals("short", Browser.value(reissued));
        String forOther = Browser.value(session("s2").cookie("csrf_token", TOKEN).send(api, "GET", "/api/things", null),
            "csrf_token");
        assertNotEquals(TOKEN, forOther, "s1's token is no cookie of s2's");
        refused(api.send("GET", "/api/things", null, Map.of("Cookie", TestSessions.COOKIE + "=s2; csrf_token=" + forOther
            + "; csrf_token=" + forOther)), 400, "MALFORMED_REQUEST");
    }

    @Test
    void bearerAndApiKeyCallersAreExemptAndGetNoCookie() {
        String bearer = Tokens.jwt("alice").bearer();
        Reply byBearer = new Browser().header("Authorization", bearer).send(api, "POST", "/api/notices", BODY);
        assertEquals(201, byBearer.status(), byBearer::toString);
        Reply byKey = new Browser().header("X-API-Key", API_KEY).origin("https://evil.example.net")
            .send(api, "PUT", "/api/things/1", "{}");
        assertEquals(200, byKey.status(), byKey::toString);
        assertTrue(Browser.setCookies(new Browser().header("Authorization", bearer).send(api, "GET", "/api/things", null))
            .isEmpty());
        // a bearer token wins over the session cookie, so the request is exempt
        Reply both = session("s1").header("Authorization", bearer).send(api, "POST", "/api/notices", BODY);
        assertEquals(201, both.status(), both::toString);
    }

    @Test
    void wildcardOriginsAdmitHttpsSubdomainsOnly() {
        for (String ok : List.of("https://a.example.org", "https://a.b.example.org", "https://A.Example.ORG",
                "https://app.example.com:443", "http://localhost:8080")) {
            Reply reply = withToken().origin(ok).send(api, "PUT", "/api/things/1", "{}");
            assertEquals(200, reply.status(), ok + " " + reply);
        }
        for (String bad : List.of("https://example.org", "https://evil-example.org", "https://example.org.evil",
                "http://a.example.org", "https://a.example.org:8443", "https://app.example.com.evil",
                "http://app.example.com", "http://localhost:8081", "null", "not an origin")) {
            forbidden(withToken().origin(bad).send(api, "PUT", "/api/things/1", "{}"), "CSRF_ORIGIN_REJECTED");
        }
    }

    @Test
    void withoutOriginTheRefererDecidesAndOriginNullIsRefused() {
        Browser noOrigin = session("s1").csrf(TOKEN);
        Reply ok = noOrigin.header("Referer", "https://app.example.com/page?x=1").send(api, "PUT", "/api/things/1", "{}");
        assertEquals(200, ok.status(), ok::toString);
        Reply sub = session("s1").csrf(TOKEN)
            .header("Referer", "https://x.example.org/a/b").send(api, "PUT", "/api/things/1", "{}");
        assertEquals(200, sub.status(), sub::toString);
        forbidden(session("s1").csrf(TOKEN).header("Referer", "https://evil.test/")
            .send(api, "PUT", "/api/things/1", "{}"), "CSRF_ORIGIN_REJECTED");
        // Origin takes precedence over a good Referer
        forbidden(session("s1").csrf(TOKEN).origin("null")
            .header("Referer", "https://app.example.com/").send(api, "PUT", "/api/things/1", "{}"), "CSRF_ORIGIN_REJECTED");
    }

    @Test
    void anExemptPathSkipsTheTokenButNotTheOrigin() {
        Reply login = new Browser().origin(ORIGIN).send(api, "POST", "/api/login", "{}");
        assertEquals(200, login.status(), login::toString);
        String token = (String) login.data().get("csrf_token");
        assertEquals(token, Browser.value(Browser.setCookie(login, "csrf_token").orElseThrow()));
        forbidden(new Browser().origin("https://evil.test").send(api, "POST", "/api/login", "{}"), "CSRF_ORIGIN_REJECTED");
        forbidden(new Browser().send(api, "POST", "/api/login", "{}"), "CSRF_ORIGIN_REJECTED");
        // issueCookie keeps a cookie of the caller's session (here none), draws one for another's
        Reply again = new Browser().origin(ORIGIN).cookie("csrf_token", token).send(api, "POST", "/api/login", "{}");
        assertEquals(token, again.data().get("csrf_token"));
        assertEquals(token, Browser.value(Browser.setCookie(again, "csrf_token").orElseThrow()));
        Reply fresh = new Browser().origin(ORIGIN).cookie("csrf_token", TOKEN).send(api, "POST", "/api/login", "{}");
        assertNotEquals(TOKEN, fresh.data().get("csrf_token"));
    }

    @Test
    void theMiddlewareIsNeutralForProductionValidation() {
        for (Operation operation : Operation.generated()) {
            assertEquals(AccessGuard.Access.NEUTRAL, middleware.access(operation));
            assertFalse(AccessGuard.covers(List.of(middleware), operation));
        }
    }

    @Test
    void theOpenApiDocumentNamesTheHeaderAndTheCodes() {
        // the document follows the reads, which need a credential here
        Reply reply = api.send("GET", "/api/openapi.json", null, Map.of("X-API-Key", API_KEY));
        assertEquals(200, reply.status(), reply::toString);
        Map<String, Object> doc = reply.body();
        Map<String, Object> parameter = at(doc, "components", "parameters", "FxCsrfToken");
        assertEquals("header", parameter.get("in"));
        assertEquals("X-CSRF-Token", parameter.get("name"));
        assertTrue(((String) parameter.get("description")).contains("csrf_token cookie"), parameter.toString());
        Map<String, Object> ref = Map.of("$ref", "#/components/parameters/FxCsrfToken");
        assertTrue(((List<Object>) at(doc, "paths", "/api/notices", "post", "parameters")).contains(ref));
        assertTrue(((List<Object>) at(doc, "paths", "/api/notices/{id}", "delete", "parameters")).contains(ref));
        List<Object> readParameters = at(doc, "paths", "/api/notices", "get", "parameters");
        assertTrue(readParameters == null || !readParameters.contains(ref));
        String forbidden = at(doc, "components", "responses", "FxForbidden", "description");
        assertTrue(forbidden.contains("CSRF_TOKEN_MISMATCH"), forbidden);
        assertEquals("#/components/responses/FxForbidden", at(doc, "paths", "/api/notices", "post", "responses", "403", "$ref"));
        assertEquals(List.of(), OpenApiValidation.messages(reply.text()));
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action login(CsrfTokens tokens) {
            return Action.post("/login", context -> Map.of("data", Map.of("csrf_token", tokens.issueCookie(context))))
                .access(ActionAccess.PUBLIC);
        }

        @Singleton
        Action things() {
            return Action.get("/things", context -> Map.of("data", List.of())).access(ActionAccess.PROTECTED);
        }

        @Singleton
        Action putThing() {
            return Action.of(HttpMethod.PUT, "/things/{id}",
                context -> Map.of("data", Map.of("id", context.view().getPathParameter("id").orElseThrow())))
                .access(ActionAccess.PROTECTED);
        }

        @Singleton
        Action touchThing() {
            return Action.post("/things/{id}/touch", context -> null).access(ActionAccess.PROTECTED);
        }
    }
}
