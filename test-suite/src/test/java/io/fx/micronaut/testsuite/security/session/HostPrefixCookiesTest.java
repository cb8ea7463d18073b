package io.fx.micronaut.testsuite.security.session;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.security.session.SessionCookies;
import io.fx.micronaut.testsuite.security.support.Browser;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With {@code Secure} cookies (the default) the session and CSRF cookies are named with the {@code __Host-}
 * prefix, which a browser accepts only from a secure origin, with {@code Path=/} and without {@code Domain}, so
 * no sibling subdomain can plant or overwrite them; the plain name is then no credential. {@code host-prefix:
 * false} keeps the plain names.
 */
@TestDatabase
class HostPrefixCookiesTest {

    static final String SPEC = "HostPrefixCookiesTest";

    private static EmbeddedServer start(String... extra) {
        SecurityConfig config = SecurityConfig.none().secret(Tokens.SECRET).revocation("store", "memory").sessions()
            .csrf("exempt-paths", "/login").whoAmI(ActionAccess.PROTECTED);
        for (int i = 0; i < extra.length; i += 2) {
            config.put(extra[i], extra[i + 1]);
        }
        return ApplicationContext.run(EmbeddedServer.class, Databases.config(SPEC, config.pairs()));
    }

    @Test
    void secureCookiesTakeTheHostPrefix() {
        try (EmbeddedServer server = start()) {
            Api api = new Api(server);
            Reply login = api.post("/api/login", "{}");
            assertEquals(200, login.status(), login::toString);
            for (String name : List.of("__Host-fx_session", "__Host-csrf_token")) {
                String cookie = Browser.setCookie(login, name).orElseThrow(() -> new AssertionError(login.headers()));
                String lower = cookie.toLowerCase(Locale.ROOT);
                assertTrue(lower.contains("secure") && lower.contains("path=/") && !lower.contains("domain="), cookie);
            }
            assertTrue(Browser.setCookie(login, "fx_session").isEmpty() && Browser.setCookie(login, "csrf_token").isEmpty(),
                login.headers()::toString);
            String session = Browser.value(login, "__Host-fx_session");
            Reply me = api.send("GET", "/api/whoami", null, Map.of("Cookie", "__Host-fx_session=" + session));
            assertEquals(200, me.status(), me::toString);
            assertEquals("session", me.data().get("auth_method"));
            Reply plain = api.send("GET", "/api/whoami", null, Map.of("Cookie", "fx_session=" + session));
            assertEquals(401, plain.status(), "the unprefixed name is no credential: " + plain);
            String csrf = (String) login.data().get("csrf_token");
            Reply write = api.send("POST", "/api/logout", null, Map.of("Cookie",
                "__Host-fx_session=" + session + "; __Host-csrf_token=" + csrf, "X-CSRF-Token", csrf));
            assertEquals(204, write.status(), write::toString);
            assertTrue(Browser.setCookie(write, "__Host-fx_session").orElseThrow().contains("Max-Age=0"), write.headers()::toString);
        }
    }

    @Test
    void hostPrefixFalseKeepsThePlainNames() {
        try (EmbeddedServer server = start("fx.security.session.host-prefix", "false",
                "fx.security.csrf.host-prefix", "false")) {
            Reply login = new Api(server).post("/api/login", "{}");
            assertTrue(Browser.setCookie(login, "fx_session").isPresent(), login.headers()::toString);
            assertTrue(Browser.setCookie(login, "csrf_token").isPresent(), login.headers()::toString);
            assertFalse(login.headers().toString().contains("__Host-"), login.headers()::toString);
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action login(TokenIssuer issuer, SessionCookies sessions, CsrfTokens csrf) {
            return TestLogin.action(issuer, sessions, csrf, context -> "alice");
        }
    }
}
