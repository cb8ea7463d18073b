package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog as a browser uses it, black-box through the real Netty server, with revocation in the machine's
 * Redis ({@code BLOG_REVOCATION=redis}, {@code BLOG_REDIS_URL}), cookie sessions ({@code BLOG_SESSIONS=true},
 * {@code BLOG_COOKIE_SECURE=false} for plain http) and double-submit CSRF ({@code BLOG_CSRF=double-submit}):
 * the login sets the session and CSRF cookies, a cookie-authenticated write needs the token echoed in
 * {@code X-CSRF-Token}, a bearer write does not, logout revokes the token and clears the cookie, logout-all
 * cuts off every older token while a new login works at once. The Redis is shared: the demo users carry a
 * random suffix and the keys a prefix of this run (they expire with the tokens).
 */
class BlogRedisSessionTest {

    /** The machine's shared Redis. */
    private static final String REDIS = "redis://127.0.0.1:6379";
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String ANN = "ann-" + RUN;
    private static final String BEN = "ben-" + RUN;
    private static final String CARL = "carl-" + RUN;
    private static final String KEYS = "fx:blog-test:" + RUN + ":";
    private static BlogServer server;
    private static Client client;
    private static RedisClient redis;
    private static StatefulRedisConnection<String, String> connection;

    @BeforeAll
    static void start() {
        redis = RedisClient.create(REDIS);
        try {
            connection = redis.connect();
        } catch (RuntimeException e) {
            redis.shutdown();
            throw new IllegalStateException("Redis is not reachable at " + REDIS + " (" + e.getMessage()
                + "); start it with: redis-server --daemonize yes", e);
        }
        server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET,
                "BLOG_DEMO_USERS", ANN + ":pw-ann:editor," + BEN + ":pw-ben," + CARL + ":pw-carl," + BlogLoginTest.USERS,
                "BLOG_REVOCATION", "redis", "BLOG_REDIS_URL", REDIS,
                "BLOG_SESSIONS", "true", "BLOG_COOKIE_SECURE", "false", "BLOG_CSRF", "double-submit",
                "BLOG_CSRF_SECRET", BlogSqlCorsTest.CSRF_SECRET),
            Map.of("fx.security.revocation.redis.key-prefix", KEYS,
                "fx.security.login-attempts.key-prefix", KEYS + "login:"));
        client = new Client(server.url());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (connection != null) {
            connection.close();
            redis.shutdown();
        }
    }

    /** A login: its answer's data and cookies. */
    private record Login(Map<String, Object> data, Map<String, String> cookies) {

        String token() {
            return (String) data.get("access_token");
        }

        String csrf() {
            return (String) data.get("csrf_token");
        }

        /** @return both cookies as the browser sends them back */
        String[] cookieHeader() {
            return Cookies.header("fx_session", Cookies.value(cookies.get("fx_session")),
                "csrf_token", Cookies.value(cookies.get("csrf_token")));
        }
    }

    private static Login login(String user, String password) {
        Client.Reply reply = BlogLoginTest.login(client, user, password);
        assertEquals(200, reply.status(), reply.toString());
        return new Login(reply.data(), Cookies.set(reply));
    }

    @Test
    void theLoginSetsTheSessionAndCsrfCookies() {
        Login login = login(ANN, "pw-ann");
        assertEquals(Set.of("access_token", "token_type", "expires_in", "session_id", "csrf_token"), login.data().keySet());
        String session = login.cookies().get("fx_session");
        assertNotNull(session, login.cookies().toString());
        assertEquals(login.token(), Cookies.value(session), "the cookie holds the login's token");
        assertTrue(Cookies.attributes(session).containsAll(List.of("httponly", "samesite=lax", "path=/", "max-age=900")),
            session);
        assertFalse(Cookies.attributes(session).contains("secure"), "BLOG_COOKIE_SECURE=false: " + session);
        String csrf = login.cookies().get("csrf_token");
        assertNotNull(csrf, login.cookies().toString());
        assertEquals(login.csrf(), Cookies.value(csrf), "the answer's csrf_token is the cookie's value");
        assertTrue(login.csrf().matches("[\\w-]{43}\\.[\\w-]{43}"), login.csrf());
        assertFalse(Cookies.attributes(csrf).contains("httponly"), "the page's script reads it: " + csrf);

        Client.Reply me = client.send("GET", "/api/me", null, login.cookieHeader());
        assertEquals(200, me.status(), me.toString());
        assertEquals(ANN, me.data().get("user_id"));
        assertEquals("session", me.data().get("auth_method"));
        assertEquals(login.data().get("session_id"), me.data().get("session_id"));
    }

    @Test
    void aCookieWriteNeedsTheCsrfHeaderABearerWriteDoesNot() {
        Login login = login(ANN, "pw-ann");
        String tag = "{\"name\":\"csrf-" + RUN + "\"}";
        Client.Reply missing = client.send("POST", "/api/tags", tag, login.cookieHeader());
        assertEquals(403, missing.status(), missing.toString());
        assertEquals("CSRF_TOKEN_MISSING", missing.error().get("code"));
        Client.Reply wrong = client.send("POST", "/api/tags", tag,
            Cookies.with(login.cookieHeader(), "X-CSRF-Token", "A".repeat(43)));
        assertEquals(403, wrong.status(), wrong.toString());
        assertEquals("CSRF_TOKEN_MISMATCH", wrong.error().get("code"));
        Client.Reply noCookie = client.send("POST", "/api/tags", tag, Cookies.with(
            Cookies.header("fx_session", login.token()), "X-CSRF-Token", login.csrf()));
        assertEquals(403, noCookie.status(), noCookie.toString());
        assertEquals("CSRF_COOKIE_MISSING", noCookie.error().get("code"));
        String other = login(BEN, "pw-ben").csrf();
        Client.Reply crossed = client.send("POST", "/api/tags", tag, Cookies.with(
            Cookies.header("fx_session", login.token(), "csrf_token", other), "X-CSRF-Token", other));
        assertEquals(403, crossed.status(), "another session's token: " + crossed);
        assertEquals("CSRF_TOKEN_MISMATCH", crossed.error().get("code"));

        Client.Reply created = client.send("POST", "/api/tags", tag,
            Cookies.with(login.cookieHeader(), "X-CSRF-Token", login.csrf()));
        assertEquals(201, created.status(), created.toString());
        Client.Reply bearer = client.send("POST", "/api/tags", "{\"name\":\"bearer-" + RUN + "\"}", bearer(login.token()));
        assertEquals(201, bearer.status(), "a bearer caller is exempt: " + bearer);
    }

    @Test
    void aSafeRequestHandsOutTheCsrfCookie() {
        Client.Reply list = client.send("GET", "/api/posts", null);
        assertEquals(200, list.status(), list.toString());
        String csrf = Cookies.set(list).get("csrf_token");
        assertNotNull(csrf, "a page load gets the cookie before any login: " + list.headers().map());
        assertTrue(Cookies.value(csrf).matches("[\\w-]{43}\\.[\\w-]{43}"), csrf);
        Client.Reply again = client.send("GET", "/api/posts", null, Cookies.header("csrf_token", Cookies.value(csrf)));
        assertFalse(Cookies.set(again).containsKey("csrf_token"), "a cookie of the caller's session (none) is kept");
    }

    @Test
    void logoutRevokesTheTokenInRedisAndClearsTheCookie() {
        Login login = login(BEN, "pw-ben");
        Client.Reply refused = client.send("POST", "/api/logout", null, login.cookieHeader());
        assertEquals(403, refused.status(), "logout by cookie is a write like any other: " + refused);
        assertEquals("CSRF_TOKEN_MISSING", refused.error().get("code"));

        Client.Reply logout = client.send("POST", "/api/logout", null,
            Cookies.with(login.cookieHeader(), "X-CSRF-Token", login.csrf()));
        assertEquals(204, logout.status(), logout.toString());
        String cleared = Cookies.set(logout).get("fx_session");
        assertNotNull(cleared, logout.headers().map().toString());
        assertEquals("", Cookies.value(cleared));
        assertTrue(Cookies.attributes(cleared).contains("max-age=0"), cleared);
        String jti = (String) BlogLoginTest.claims(login.token()).get("jti");
        assertEquals(1L, connection.sync().exists(KEYS + "token:" + jti), "the revocation is in Redis");

        Client.Reply byBearer = client.send("GET", "/api/me", null, bearer(login.token()));
        assertEquals(401, byBearer.status(), byBearer.toString());
        assertEquals("TOKEN_REVOKED", byBearer.error().get("code"));
        Client.Reply byCookie = client.send("GET", "/api/me", null, login.cookieHeader());
        assertEquals(401, byCookie.status(), byCookie.toString());
        assertEquals("TOKEN_REVOKED", byCookie.error().get("code"));
        assertEquals("", Cookies.value(Cookies.set(byCookie).get("fx_session")), "a refused cookie is cleared");

        Login other = login(BEN, "pw-ben");
        assertEquals(200, client.send("GET", "/api/me", null, bearer(other.token())).status(),
            "logout ends one session, not the user's others");
    }

    @Test
    void logoutAllCutsOffOlderTokensAndANewLoginWorksAtOnce() throws Exception {
        Login first = login(CARL, "pw-carl");
        Login second = login(CARL, "pw-carl");
        Client.Reply logoutAll = client.send("POST", "/api/logout-all", null, bearer(second.token()));
        assertEquals(204, logoutAll.status(), logoutAll.toString());
        assertTrue(connection.sync().exists(KEYS + "user:" + CARL) == 1L, "the cutoff is in Redis");
        for (String token : List.of(first.token(), second.token())) {
            Client.Reply me = client.send("GET", "/api/me", null, bearer(token));
            assertEquals(401, me.status(), me.toString());
            assertEquals("TOKEN_REVOKED", me.error().get("code"));
        }
        Client.Reply cookie = client.send("GET", "/api/me", null, first.cookieHeader());
        assertEquals("TOKEN_REVOKED", cookie.error().get("code"), cookie.toString());

        Login fresh = login(CARL, "pw-carl");
        Client.Reply me = client.send("GET", "/api/me", null, bearer(fresh.token()));
        assertEquals(200, me.status(), "issued in the cutoff's millisecond or later, with a fractional iat: " + me);
        Client.Reply write = client.send("POST", "/api/tags", "{\"name\":\"fresh-" + RUN + "\"}",
            Cookies.with(fresh.cookieHeader(), "X-CSRF-Token", fresh.csrf()));
        assertEquals(201, write.status(), write.toString());
    }

    @Test
    void theReadmeLogOutAnswers() {
        String revoked = "401 {\"error\":{\"code\":\"TOKEN_REVOKED\",\"message\":\"token revoked\"}}";
        String token = login("alice", "wonderland").token();
        String other = login("alice", "wonderland").token();
        assertEquals(204, client.send("POST", "/api/logout", null, bearer(token)).status());
        assertEquals(revoked, client.send("GET", "/api/me", null, bearer(token)).toString());
        assertEquals(200, client.send("GET", "/api/me", null, bearer(other)).status());
        assertEquals(204, client.send("POST", "/api/logout-all", null, bearer(other)).status());
        assertEquals(revoked, client.send("GET", "/api/me", null, bearer(other)).toString());
        assertEquals(200, client.send("GET", "/api/me", null, bearer(login("alice", "wonderland").token())).status());
    }

    @Test
    void theReadmeSessionAnswers() {
        Client.Reply reply = BlogLoginTest.login(client, "alice", "wonderland");
        assertTrue(reply.toString().matches("200 \\{\"data\":\\{\"access_token\":\"eyJ[\\w.-]+\",\"token_type\":\"Bearer\","
            + "\"expires_in\":900,\"session_id\":\"[\\w-]+\",\"csrf_token\":\"[\\w-]{43}\\.[\\w-]{43}\"}}"), reply.toString());
        Login login = new Login(reply.data(), Cookies.set(reply));
        assertEquals("200 {\"data\":{\"user_id\":\"alice\",\"roles\":[\"editor\",\"admin\",\"member\"],\"scopes\":[],"
            + "\"tenant_id\":\"acme\",\"session_id\":\"" + login.data().get("session_id") + "\",\"auth_method\":\"session\","
            + "\"identity_type\":\"human\"}}", client.send("GET", "/api/me", null, login.cookieHeader()).toString());
        assertEquals("403 {\"error\":{\"code\":\"CSRF_TOKEN_MISSING\",\"message\":\"the X-CSRF-Token header is missing\"}}",
            client.send("POST", "/api/tags", "{\"name\":\"cookies\"}", login.cookieHeader()).toString());
        Client.Reply created = client.send("POST", "/api/tags", "{\"name\":\"cookies\"}",
            Cookies.with(login.cookieHeader(), "X-CSRF-Token", login.csrf()));
        assertTrue(created.toString().matches("201 \\{\"data\":\\{\"id\":\"[^\"]+\",.*\"name\":\"cookies\".*}}"),
            created.toString());
        Client.Reply logout = client.send("POST", "/api/logout", null,
            Cookies.with(login.cookieHeader(), "X-CSRF-Token", login.csrf()));
        assertEquals(204, logout.status(), logout.toString());
        assertTrue(Cookies.attributes(Cookies.set(logout).get("fx_session")).contains("max-age=0"), "fx_session leaves the jar");
    }

    @Test
    void tokensOfMintTokenShAreRevocable() throws Exception {
        String minted = BlogSecurityWalkthroughTest.mint("dora-" + RUN);
        assertEquals(200, client.send("GET", "/api/me", null, bearer(minted)).status());
        assertEquals(204, client.send("POST", "/api/logout", null, bearer(minted)).status());
        Client.Reply me = client.send("GET", "/api/me", null, bearer(minted));
        assertEquals(401, me.status(), me.toString());
        assertEquals("TOKEN_REVOKED", me.error().get("code"));

        Client.Reply noJti = client.send("GET", "/api/me", null, bearer(Tokens.mint("dora-" + RUN, Map.of())));
        assertEquals(401, noJti.status(), noJti.toString());
        assertEquals("TOKEN_NOT_REVOCABLE", noJti.error().get("code"), "a token without jti cannot be revoked");
    }
}
