package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import io.fx.micronaut.examples.blog.WalkthroughDatabase;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog serving a browser app on another origin, black-box through the real Netty server, with revocation
 * in the application's database ({@code BLOG_REVOCATION=sql}, {@code BLOG_REVOCATION_TABLE_PREFIX}), cookie
 * sessions, signed CSRF tokens ({@code BLOG_CSRF=signed}, {@code BLOG_CSRF_SECRET}, {@code BLOG_CSRF_ORIGINS})
 * and CORS ({@code BLOG_CORS_ORIGINS}): preflights, the login's signed token on a session write, the CSRF
 * refusals, logout and logout-all in SQL. The partner app may call the blog cross-origin but not write with
 * cookies (it is a CORS origin, not a CSRF one). On H2 and, in the build's PostgreSQL run, in a schema of its
 * own ({@code fx_blog_flows}, emptied first).
 */
class BlogSqlCorsTest {

    static final String APP = "https://app.blog.example";
    static final String PARTNER = "https://partner.blog.example";
    static final String CSRF_SECRET = "blog-csrf-secret-0123456789-abcdefghij";
    private static final String SCHEMA = "fx_blog_flows";
    private static BlogServer server;
    private static Client client;

    @BeforeAll
    static void start() {
        Map<String, String> variables = new HashMap<>(Map.of("BLOG_JWT_SECRET", Tokens.SECRET,
            "BLOG_DEMO_USERS", "ann:pw-ann:editor,ben:pw-ben,carl:pw-carl," + BlogLoginTest.USERS,
            "BLOG_REVOCATION", "sql", "BLOG_REVOCATION_TABLE_PREFIX", "blog_",
            "BLOG_SESSIONS", "true", "BLOG_COOKIE_SECURE", "false",
            "BLOG_CSRF", "signed", "BLOG_CSRF_SECRET", CSRF_SECRET, "BLOG_CSRF_ORIGINS", APP));
        variables.put("BLOG_CORS_ORIGINS", APP + ", " + PARTNER);
        Map<String, Object> properties = new HashMap<>();
        String postgres = System.getenv("DB_WRITE_URL");
        if (postgres != null && !postgres.isBlank()) {
            String own = postgres.replaceAll("currentSchema=[a-z0-9_]+", "currentSchema=" + SCHEMA);
            WalkthroughDatabase.reset(own);
            properties.put("datasources.default.url", own);
        }
        server = BlogServer.start(variables, properties);
        client = new Client(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private record Login(Map<String, Object> data, String session) {

        String token() {
            return (String) data.get("access_token");
        }

        /** @return the session cookie, the app's origin and the signed token, as the app's script sends them */
        String[] write() {
            return new String[] {"Cookie", "fx_session=" + session, "Origin", APP, "X-CSRF-Token", (String) data.get("csrf_token")};
        }
    }

    private static Login login(String user, String password) {
        Client.Reply reply = client.send("POST", "/api/login",
            "{\"username\":\"" + user + "\",\"password\":\"" + password + "\"}", "Origin", APP);
        assertEquals(200, reply.status(), reply.toString());
        String session = Cookies.set(reply).get("fx_session");
        assertNotNull(session, reply.headers().map().toString());
        return new Login(reply.data(), Cookies.value(session));
    }

    private static void assertError(int status, String code, Client.Reply reply) {
        assertEquals(status, reply.status(), reply.toString());
        assertNotNull(reply.error(), "an error envelope: " + reply);
        assertEquals(code, reply.error().get("code"), reply.toString());
    }

    @Test
    void preflightsFromTheAppPassOthersAreRefusedWithAnEnvelope() {
        Client.Reply preflight = client.send("OPTIONS", "/api/tags", null, "Origin", APP,
            "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "Content-Type, X-CSRF-Token");
        assertEquals(200, preflight.status(), preflight.toString());
        assertEquals(APP, preflight.header("Access-Control-Allow-Origin"));
        assertEquals("true", preflight.header("Access-Control-Allow-Credentials"));
        String headers = String.join(",", preflight.headers().allValues("Access-Control-Allow-Headers"));
        assertTrue(headers.contains("X-CSRF-Token"), headers);

        Client.Reply foreign = client.send("OPTIONS", "/api/tags", null, "Origin", "https://evil.example",
            "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "Content-Type");
        assertEquals(null, foreign.header("Access-Control-Allow-Origin"));
        assertError(403, "CORS_ORIGIN_DENIED", foreign);
    }

    @Test
    void theLoginAnswersTheSignedTokenOfItsSession() {
        Client.Reply reply = client.send("POST", "/api/login", "{\"username\":\"ann\",\"password\":\"pw-ann\"}",
            "Origin", APP);
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(APP, reply.header("Access-Control-Allow-Origin"));
        assertEquals("true", reply.header("Access-Control-Allow-Credentials"));
        Map<String, Object> data = reply.data();
        assertEquals(CsrfTokens.signed((String) data.get("session_id"), CSRF_SECRET), data.get("csrf_token"),
            "HMAC-SHA256 of the session id under BLOG_CSRF_SECRET");
        assertTrue(Cookies.set(reply).containsKey("fx_session"), reply.headers().map().toString());
        assertFalse(Cookies.set(reply).containsKey("csrf_token"), "signed tokens need no cookie");

        assertError(403, "CSRF_ORIGIN_REJECTED", client.send("POST", "/api/login",
            "{\"username\":\"ann\",\"password\":\"pw-ann\"}", "Origin", PARTNER));
        assertError(403, "CSRF_ORIGIN_REJECTED", client.send("POST", "/api/login",
            "{\"username\":\"ann\",\"password\":\"pw-ann\"}"));
    }

    @Test
    void aSessionWriteNeedsTheSignedTokenAndTheAppsOrigin() {
        Login ann = login("ann", "pw-ann");
        Login ben = login("ben", "pw-ben");
        String cookie = "fx_session=" + ann.session();
        Client.Reply created = client.send("POST", "/api/tags", "{\"name\":\"signed-write\"}", ann.write());
        assertEquals(201, created.status(), created.toString());
        assertEquals(APP, created.header("Access-Control-Allow-Origin"));

        assertError(403, "CSRF_TOKEN_MISSING", client.send("POST", "/api/tags", "{\"name\":\"x\"}",
            "Cookie", cookie, "Origin", APP));
        assertError(403, "CSRF_TOKEN_MISMATCH", client.send("POST", "/api/tags", "{\"name\":\"x\"}",
            "Cookie", cookie, "Origin", APP, "X-CSRF-Token", (String) ben.data().get("csrf_token")));
        assertError(403, "CSRF_TOKEN_MISMATCH", client.send("POST", "/api/tags", "{\"name\":\"x\"}",
            "Cookie", cookie, "Origin", APP, "X-CSRF-Token", "not-the-token"));
        String token = (String) ann.data().get("csrf_token");
        assertError(403, "CSRF_ORIGIN_REJECTED", client.send("POST", "/api/tags", "{\"name\":\"x\"}",
            "Cookie", cookie, "Origin", PARTNER, "X-CSRF-Token", token));
        assertError(403, "CSRF_ORIGIN_REJECTED", client.send("POST", "/api/tags", "{\"name\":\"x\"}",
            "Cookie", cookie, "X-CSRF-Token", token));
        Client.Reply referer = client.send("POST", "/api/tags", "{\"name\":\"by-referer\"}",
            "Cookie", cookie, "Referer", APP + "/posts/new", "X-CSRF-Token", token);
        assertEquals(201, referer.status(), "without Origin the Referer's origin counts: " + referer);

        Client.Reply bearer = client.send("POST", "/api/tags", "{\"name\":\"bearer\"}", bearer(ann.token()));
        assertEquals(201, bearer.status(), "a bearer caller is exempt, origin or not: " + bearer);
    }

    @Test
    void theReadmeAnswers() {
        Client.Reply login = client.send("POST", "/api/login", "{\"username\":\"alice\",\"password\":\"wonderland\"}",
            "Origin", APP);
        assertEquals(200, login.status(), login.toString());
        String csrf = login.text().replaceAll(".*\"csrf_token\":\"([^\"]+)\".*", "$1");
        String jar = "fx_session=" + Cookies.value(Cookies.set(login).get("fx_session"));
        Client.Reply created = client.send("POST", "/api/tags", "{\"name\":\"signed\"}",
            "Cookie", jar, "Origin", APP, "X-CSRF-Token", csrf);
        assertTrue(created.toString().matches("201 \\{\"data\":\\{\"id\":\"[^\"]+\",.*\"name\":\"signed\".*}}"),
            created.toString());
        assertEquals("403 {\"error\":{\"code\":\"CSRF_ORIGIN_REJECTED\",\"message\":\"request origin is not allowed\"}}",
            client.send("POST", "/api/tags", "{\"name\":\"x\"}", "Cookie", jar, "X-CSRF-Token", csrf).toString());
        assertEquals("403 {\"error\":{\"code\":\"CORS_ORIGIN_DENIED\",\"message\":\"Cross-origin requests from origin "
            + "'https://evil.example' are not allowed\"}}", client.send("OPTIONS", "/api/tags", null,
            "Origin", "https://evil.example", "Access-Control-Request-Method", "POST").toString());
    }

    @Test
    void logoutRevokesTheTokenInTheDatabase() throws SQLException {
        Login ben = login("ben", "pw-ben");
        Client.Reply logout = client.send("POST", "/api/logout", null, ben.write());
        assertEquals(204, logout.status(), logout.toString());
        assertEquals("", Cookies.value(Cookies.set(logout).get("fx_session")), "the cookie is cleared");
        String jti = (String) BlogLoginTest.claims(ben.token()).get("jti");
        assertEquals(1, count("SELECT COUNT(*) FROM blog_revoked_token WHERE jti = ?", jti));

        assertError(401, "TOKEN_REVOKED", client.send("GET", "/api/me", null, bearer(ben.token())));
        assertError(401, "TOKEN_REVOKED", client.send("GET", "/api/me", null, "Cookie", "fx_session=" + ben.session()));
        assertError(401, "TOKEN_REVOKED", client.send("POST", "/api/tags", "{\"name\":\"after\"}", ben.write()));
    }

    @Test
    void logoutAllCutsOffOlderTokensAndANewLoginWorksAtOnce() throws SQLException {
        Login first = login("carl", "pw-carl");
        Login second = login("carl", "pw-carl");
        assertEquals(204, client.send("POST", "/api/logout-all", null, second.write()).status());
        assertEquals(1, count("SELECT COUNT(*) FROM blog_revoked_user WHERE user_id = ?", "carl"));
        for (Login login : List.of(first, second)) {
            assertError(401, "TOKEN_REVOKED", client.send("GET", "/api/me", null, bearer(login.token())));
        }
        Login fresh = login("carl", "pw-carl");
        Client.Reply write = client.send("POST", "/api/tags", "{\"name\":\"fresh\"}", fresh.write());
        assertEquals(201, write.status(), write.toString());
    }

    @Test
    void theStoreUsesTheBlogsDatabase() throws SQLException {
        String postgres = System.getenv("DB_WRITE_URL");
        try (Connection connection = connect()) {
            String product = connection.getMetaData().getDatabaseProductName();
            if (postgres == null || postgres.isBlank()) {
                assertEquals("H2", product);
                return;
            }
            assertEquals("PostgreSQL", product);
            try (ResultSet tables = connection.getMetaData().getTables(null, SCHEMA, "blog_revoked_%", new String[] {"TABLE"})) {
                int found = 0;
                while (tables.next()) {
                    found++;
                }
                assertEquals(2, found, "blog_revoked_token and blog_revoked_user in " + SCHEMA);
            }
        }
    }

    /** @return a connection of its own to the blog's database (the blog's data source hands out its own only inside its calls) */
    private static Connection connect() throws SQLException {
        ApplicationContext context = server.context();
        return DriverManager.getConnection(context.getRequiredProperty("datasources.default.url", String.class),
            context.getProperty("datasources.default.username", String.class).orElse(null),
            context.getProperty("datasources.default.password", String.class).orElse(null));
    }

    private static int count(String sql, String value) throws SQLException {
        try (Connection connection = connect();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, value);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getInt(1);
            }
        }
    }
}
