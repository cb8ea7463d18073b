package io.fx.micronaut.examples.security;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.examples.Client;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog with {@code BLOG_DEMO_USERS}, black-box through the real Netty server: {@code POST /api/login}
 * answers a token that works on {@code /api/me} and carries the account's roles and tenant, refuses a wrong
 * password and an unknown name alike, and bad bodies with 400 and 422; {@code BLOG_TOKEN_TTL} sets the
 * lifetime; without {@code BLOG_DEMO_USERS} there is no login. Failed logins are throttled per account (5 in 15
 * minutes) and per client address (50), alike for names that exist and names that do not, and a login that
 * succeeds clears its account's count; with {@code BLOG_REVOCATION=sql} the counts are kept in the database.
 */
class BlogLoginTest {

    /** As the README starts the blog. */
    static final String USERS = "alice:wonderland:editor|admin:acme,bob:builder";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Object> WRONG = Map.of("code", "INVALID_CREDENTIALS",
        "message", "invalid username or password");
    private static BlogServer server;
    private static Client client;

    @BeforeAll
    static void start() {
        server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_DEMO_USERS", USERS));
        client = new Client(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static Client.Reply login(Client client, String username, String password) {
        return client.send("POST", "/api/login", "{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> claims(String token) {
        try {
            return JSON.readValue(Base64.getUrlDecoder().decode(token.split("\\.")[1]), Map.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aDemoUserLogsInAndTheTokenWorks() {
        Client.Reply login = login(client, "alice", "wonderland");
        assertEquals(200, login.status(), login.toString());
        assertEquals("no-store", login.header("Cache-Control"), "a token answer is never cached");
        Map<String, Object> data = login.data();
        assertEquals(Set.of("access_token", "token_type", "expires_in", "session_id"), data.keySet(),
            "csrf_token only with CSRF on");
        assertEquals("Bearer", data.get("token_type"));
        assertEquals(900, data.get("expires_in"), "BLOG_TOKEN_TTL defaults to 900 seconds");

        String token = (String) data.get("access_token");
        Client.Reply me = client.send("GET", "/api/me", null, bearer(token));
        assertEquals(200, me.status(), me.toString());
        assertEquals(Map.of("user_id", "alice", "roles", List.of("editor", "admin", "member"), "scopes", List.of(),
            "tenant_id", "acme", "session_id", data.get("session_id"), "auth_method", "jwt", "identity_type", "human"),
            me.data());
        Client.Reply tag = client.send("POST", "/api/tags", "{\"name\":\"logged-in\"}", bearer(token));
        assertEquals(201, tag.status(), tag.toString());
        assertEquals(204, client.send("DELETE", "/api/tags/" + tag.data().get("id"), null, bearer(token)).status(),
            "alice is an editor");
    }

    @Test
    void theReadmeAnswers() {
        Client.Reply login = login(client, "alice", "wonderland");
        assertTrue(login.toString().matches("200 \\{\"data\":\\{\"access_token\":\"eyJ[\\w.-]+\",\"token_type\":\"Bearer\","
            + "\"expires_in\":900,\"session_id\":\"[\\w-]+\"}}"), login.toString());
        Client.Reply me = client.send("GET", "/api/me", null, bearer((String) login.data().get("access_token")));
        assertEquals("200 {\"data\":{\"user_id\":\"alice\",\"roles\":[\"editor\",\"admin\",\"member\"],\"scopes\":[],"
            + "\"tenant_id\":\"acme\",\"session_id\":\"" + login.data().get("session_id") + "\",\"auth_method\":\"jwt\","
            + "\"identity_type\":\"human\"}}", me.toString());
        assertEquals("401 {\"error\":{\"code\":\"INVALID_CREDENTIALS\",\"message\":\"invalid username or password\"}}",
            login(client, "alice", "guess").toString());
        assertEquals("422 {\"error\":{\"code\":\"VALIDATION_ERROR\",\"message\":\"Validation failed\",\"details\":["
            + "{\"field\":\"password\",\"rule\":\"required\",\"message\":\"password is required\"}]}}",
            client.send("POST", "/api/login", "{\"username\":\"alice\"}").toString());
    }

    @Test
    void theTokenCarriesTheAccountAndAFractionalIat() {
        Map<String, Object> data = login(client, "alice", "wonderland").data();
        Map<String, Object> claims = claims((String) data.get("access_token"));
        assertEquals(Set.of("sub", "roles", "tenant_id", "jti", "sid", "iat", "exp"), claims.keySet());
        assertEquals("alice", claims.get("sub"));
        assertEquals(List.of("editor", "admin"), claims.get("roles"));
        assertEquals("acme", claims.get("tenant_id"));
        assertEquals(data.get("session_id"), claims.get("sid"));
        String text = new String(Base64.getUrlDecoder().decode(((String) data.get("access_token")).split("\\.")[1]),
            StandardCharsets.UTF_8);
        assertTrue(text.matches(".*\"iat\":\\d{10}\\.\\d{3}[,}].*"), text);
        BigDecimal lifetime = new BigDecimal(claims.get("exp").toString()).subtract(new BigDecimal(claims.get("iat").toString()));
        assertEquals(0, lifetime.compareTo(BigDecimal.valueOf(900)), text);

        Map<String, Object> again = login(client, "alice", "wonderland").data();
        assertNotEquals(data.get("session_id"), again.get("session_id"), "every login is a new session");
        assertNotEquals(claims.get("jti"), claims((String) again.get("access_token")).get("jti"));
    }

    @Test
    void rolesAndTenantAreOptional() {
        Client.Reply login = login(client, "bob", "builder");
        assertEquals(200, login.status(), login.toString());
        String token = (String) login.data().get("access_token");
        assertFalse(claims(token).containsKey("tenant_id"));
        assertEquals(List.of(), claims(token).get("roles"));
        Client.Reply me = client.send("GET", "/api/me", null, bearer(token));
        assertEquals(List.of("member"), me.data().get("roles"));
        assertEquals(null, me.data().get("tenant_id"));
    }

    @Test
    void aWrongPasswordAndAnUnknownUserAreTheSame401() {
        for (String[] attempt : new String[][] {{"alice", "builder"}, {"alice", "wonderland "}, {"alice", "WONDERLAND"},
                {"mallory", "wonderland"}, {"Alice", "wonderland"}, {"bob", ""}}) {
            Client.Reply reply = client.send("POST", "/api/login",
                "{\"username\":\"" + attempt[0] + "\",\"password\":\"" + attempt[1] + "\"}");
            if (attempt[1].isEmpty()) {
                assertEquals(422, reply.status(), "an empty password is a missing one: " + reply);
                continue;
            }
            assertEquals(401, reply.status(), attempt[0] + ": " + reply);
            assertEquals(WRONG, reply.error(), reply.toString());
        }
    }

    @Test
    void aBodyThatIsNoJsonObjectIs400() {
        for (String body : List.of("{\"username\":", "[\"alice\",\"wonderland\"]", "\"alice\"", "null", "")) {
            Client.Reply reply = client.send("POST", "/api/login", body);
            assertEquals(400, reply.status(), body + ": " + reply);
            assertTrue(Set.of("INVALID_JSON", "EMPTY_BODY").contains(reply.error().get("code")), reply.toString());
        }
        Client.Reply empty = client.send("POST", "/api/login", "");
        assertEquals(Map.of("code", "EMPTY_BODY", "message", "A JSON object body is required"), empty.error());
        Client.Reply broken = client.send("POST", "/api/login", "{\"username\":");
        assertEquals(Map.of("code", "INVALID_JSON", "message", "The request body must be a JSON object"), broken.error());
    }

    @Test
    void missingOrMistypedFieldsAre422() {
        Client.Reply none = client.send("POST", "/api/login", "{}");
        assertEquals(422, none.status(), none.toString());
        assertEquals(Map.of("code", "VALIDATION_ERROR", "message", "Validation failed", "details", List.of(
            Map.of("field", "username", "rule", "required", "message", "username is required"),
            Map.of("field", "password", "rule", "required", "message", "password is required"))), none.error());
        Client.Reply typed = client.send("POST", "/api/login", "{\"username\":7,\"password\":\"wonderland\"}");
        assertEquals(422, typed.status(), typed.toString());
        assertEquals(List.of(Map.of("field", "username", "rule", "type", "message", "username must be a string")),
            typed.error().get("details"));
    }

    @Test
    void theLoginIsPublicAndDocumented() {
        String expired = Tokens.mint("alice", Map.of("exp", 1));
        Client.Reply withBadToken = client.send("POST", "/api/login", "{\"username\":\"bob\",\"password\":\"builder\"}",
            bearer(expired));
        assertEquals(401, withBadToken.status(), "a bad credential is refused, never made anonymous: " + withBadToken);
        @SuppressWarnings("unchecked")
        Map<String, Object> paths = (Map<String, Object>) client.send("GET", "/api/openapi.json", null).body().get("paths");
        assertTrue(paths.containsKey("/api/login"), paths.keySet().toString());
    }

    @Test
    void blogTokenTtlSetsTheLifetime() {
        try (BlogServer shortLived = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_DEMO_USERS", USERS,
                "BLOG_TOKEN_TTL", "120"))) {
            Client.Reply login = login(new Client(shortLived.url()), "bob", "builder");
            assertEquals(200, login.status(), login.toString());
            assertEquals(120, login.data().get("expires_in"));
            Map<String, Object> claims = claims((String) login.data().get("access_token"));
            assertEquals(0, new BigDecimal(claims.get("exp").toString()).subtract(new BigDecimal(claims.get("iat").toString()))
                .compareTo(BigDecimal.valueOf(120)), claims.toString());
        }
    }

    /** @return the 429 after checking its envelope and its {@code Retry-After} (at most the 15-minute window) */
    static Client.Reply throttled(Client.Reply reply) {
        assertEquals(429, reply.status(), reply.toString());
        assertEquals(Map.of("code", "TOO_MANY_REQUESTS", "message", "too many failed logins; try again later"),
            reply.error(), reply.toString());
        long retryAfter = Long.parseLong(reply.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 900, reply.headers().toString());
        assertFalse(reply.text().contains("wonderland") || reply.text().contains("builder"), reply.toString());
        return reply;
    }

    @Test
    void fiveFailuresBlockTheAccountAlikeWhetherItExistsOrNot() {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_DEMO_USERS", USERS))) {
            Client own = new Client(blog.url());
            for (String account : List.of("bob", "nobody")) {
                for (int i = 0; i < 5; i++) {
                    Client.Reply wrong = login(own, account, "guess-" + i);
                    assertEquals(401, wrong.status(), account + " " + i + ": " + wrong);
                    assertEquals(WRONG, wrong.error());
                }
                throttled(login(own, account, "guess"));
            }
            throttled(login(own, "bob", "builder"));
            assertEquals(200, login(own, "alice", "wonderland").status(), "another account is not blocked");
        }
    }

    @Test
    void aSuccessClearsTheAccountsCount() {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_DEMO_USERS", USERS))) {
            Client own = new Client(blog.url());
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 4; i++) {
                    assertEquals(401, login(own, "bob", "guess").status());
                }
                assertEquals(200, login(own, "bob", "builder").status(), "round " + round);
            }
        }
    }

    @Test
    void fiftyFailuresBlockTheClientAddressForEveryAccount() {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_DEMO_USERS", USERS))) {
            Client own = new Client(blog.url());
            for (int i = 0; i < 50; i++) {
                assertEquals(401, login(own, "sprayed-" + i, "guess").status(), "attempt " + i);
            }
            throttled(login(own, "alice", "wonderland"));
            throttled(login(own, "sprayed-0", "guess"));
        }
    }

    @Test
    void withTheSqlStoreTheCountsAreKeptInTheDatabase() {
        try (BlogServer blog = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_DEMO_USERS", USERS,
                "BLOG_REVOCATION", "sql", "BLOG_REVOCATION_TABLE_PREFIX", "throttle_"))) {
            Client own = new Client(blog.url());
            for (int i = 0; i < 5; i++) {
                assertEquals(401, login(own, "bob", "guess").status());
            }
            throttled(login(own, "bob", "builder"));
            DataStore store = blog.context().getBean(DataStore.class);
            assertEquals(2, store.query("SELECT attempt_key FROM throttle_login_failure", List.of()).size(),
                "one row for the account, one for the address");
        }
    }

    @Test
    void withoutDemoUsersThereIsNoLogin() {
        try (BlogServer plain = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET))) {
            Client.Reply reply = login(new Client(plain.url()), "alice", "wonderland");
            assertEquals(404, reply.status(), reply.toString());
        }
    }
}
