package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The blog with {@code BLOG_JWT_SECRET} and {@code BLOG_API_KEY} set, black-box through the real Netty
 * server: anonymous reads, the owner rule on posts (and the publish action), admins, editors deleting
 * tags, the API key of {@code ci-bot}, the token hook and {@code GET /api/me}.
 */
class BlogSecurityTest {

    static final String API_KEY = "ci-key-0123456789";
    private static BlogServer server;
    private static Client client;

    private final String alice = Tokens.mint("alice", Map.of("sid", "session-1"));
    private final String bob = Tokens.mint("bob", Map.of());
    private final String admin = Tokens.mint("root", Map.of("roles", List.of("admin")));
    private final String editor = Tokens.mint("erin", Map.of("roles", "editor"));

    @BeforeAll
    static void start() {
        server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_API_KEY", API_KEY));
        client = new Client(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private String createPost(String token, String slug) {
        Client.Reply reply = client.send("POST", "/api/posts",
            "{\"title\":\"T " + slug + "\",\"body\":\"b\",\"slug\":\"" + slug + "\"}", bearer(token));
        assertEquals(201, reply.status(), reply.toString());
        return (String) reply.data().get("id");
    }

    @Test
    void anonymousCallersReadEverythingAndWriteNothing() {
        String id = createPost(alice, "anonymous-read");
        assertEquals(200, client.send("GET", "/api/posts", null).status());
        assertEquals(200, client.send("GET", "/api/posts/" + id, null).status());
        assertEquals(200, client.send("GET", "/api/authors", null).status());
        assertEquals(200, client.send("GET", "/api/tags", null).status());

        Client.Reply write = client.send("POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\"}");
        assertEquals(401, write.status(), write.toString());
        assertEquals(Map.of("code", "UNAUTHORIZED", "message", "authentication required"), write.error());
        assertEquals("Bearer realm=\"api\"", write.challenge());
        assertEquals(401, client.send("PATCH", "/api/posts/" + id, "{\"title\":\"x\"}").status());
        assertEquals(401, client.send("DELETE", "/api/posts/" + id, null).status());
        assertEquals(401, client.send("POST", "/api/authors", "{\"name\":\"n\",\"email\":\"e@x\"}").status());
        assertEquals(401, client.send("POST", "/api/posts/" + id + "/publish", null).status());
        assertEquals(401, client.send("GET", "/api/me", null).status());
    }

    @Test
    void theOwnerRuleStampsTheCreatorAndHidesOthersPostsFromWrites() {
        Client.Reply created = client.send("POST", "/api/posts",
            "{\"title\":\"Mine\",\"body\":\"b\",\"slug\":\"owned\",\"owner_id\":\"mallory\"}", bearer(alice));
        assertEquals(201, created.status(), created.toString());
        assertEquals("alice", created.data().get("owner_id"), "readonly: the owner is the caller, never the body");
        String id = (String) created.data().get("id");

        assertEquals(200, client.send("GET", "/api/posts/" + id, null, bearer(bob)).status(), "reads stay public");
        Client.Reply update = client.send("PATCH", "/api/posts/" + id, "{\"title\":\"Bob's\"}", bearer(bob));
        assertEquals(404, update.status(), update.toString());
        assertEquals(Map.of("code", "NOT_FOUND", "message", "Post not found"), update.error(), "as for a missing id");
        Client.Reply publish = client.send("POST", "/api/posts/" + id + "/publish", null, bearer(bob));
        assertEquals(404, publish.status(), publish.toString());
        assertEquals(Map.of("code", "NOT_FOUND", "message", "Post not found"), publish.error());
        assertEquals(404, client.send("DELETE", "/api/posts/" + id, null, bearer(bob)).status());

        Client.Reply own = client.send("PATCH", "/api/posts/" + id, "{\"title\":\"Still mine\"}", bearer(alice));
        assertEquals(200, own.status(), own.toString());
        assertEquals("Still mine", own.data().get("title"));
        Client.Reply published = client.send("POST", "/api/posts/" + id + "/publish", null, bearer(alice));
        assertEquals(200, published.status(), published.toString());
        assertEquals(Map.of("id", id, "status", "published"), published.body());
        assertEquals(204, client.send("DELETE", "/api/posts/" + id, null, bearer(alice)).status());
    }

    @Test
    void adminsBypassTheOwnerRule() {
        String id = createPost(alice, "admin-bypass");
        Client.Reply update = client.send("PATCH", "/api/posts/" + id, "{\"title\":\"Moderated\"}", bearer(admin));
        assertEquals(200, update.status(), update.toString());
        assertEquals("alice", update.data().get("owner_id"));
        assertEquals(200, client.send("POST", "/api/posts/" + id + "/publish", null, bearer(admin)).status());
        assertEquals(204, client.send("DELETE", "/api/posts/" + id, null, bearer(admin)).status());
    }

    @Test
    void onlyEditorsDeleteTags() {
        Client.Reply tag = client.send("POST", "/api/tags", "{\"name\":\"editorial\"}", bearer(alice));
        assertEquals(201, tag.status(), tag.toString());
        String id = (String) tag.data().get("id");
        Client.Reply refused = client.send("DELETE", "/api/tags/" + id, null, bearer(alice));
        assertEquals(403, refused.status(), refused.toString());
        assertEquals("FORBIDDEN", refused.error().get("code"));
        assertEquals(204, client.send("DELETE", "/api/tags/" + id, null, bearer(editor)).status());
    }

    @Test
    void theApiKeyIsCiBotAnEditor() {
        Client.Reply tag = client.send("POST", "/api/tags", "{\"name\":\"ci\"}", "X-API-Key", API_KEY);
        assertEquals(201, tag.status(), tag.toString());
        assertEquals(204, client.send("DELETE", "/api/tags/" + tag.data().get("id"), null, "X-API-Key", API_KEY).status());

        Client.Reply me = client.send("GET", "/api/me", null, "X-API-Key", API_KEY);
        assertEquals(200, me.status(), me.toString());
        Map<String, Object> expected = new java.util.HashMap<>();
        expected.put("user_id", "ci-bot");
        expected.put("roles", List.of("editor"));
        expected.put("scopes", List.of("posts:read"));
        expected.put("tenant_id", null);
        expected.put("session_id", null);
        expected.put("auth_method", "api_key");
        expected.put("identity_type", "service_account");
        assertEquals(Map.of("data", expected), me.body());

        Client.Reply wrong = client.send("GET", "/api/me", null, "X-API-Key", "not-the-key");
        assertEquals(401, wrong.status(), wrong.toString());
        assertEquals(Map.of("code", "UNAUTHORIZED", "message", "invalid API key"), wrong.error());
    }

    @Test
    void meDescribesTheCallerOfAToken() {
        String token = Tokens.mint("alice", Map.of("roles", List.of("editor"), "scope", "posts:read posts:write",
            "tenant_id", "acme", "sid", "session-7"));
        Client.Reply me = client.send("GET", "/api/me", null, bearer(token));
        assertEquals(200, me.status(), me.toString());
        assertEquals(Map.of("data", Map.of("user_id", "alice", "roles", List.of("editor", "member"),
            "scopes", List.of("posts:read", "posts:write"), "tenant_id", "acme", "session_id", "session-7",
            "auth_method", "jwt", "identity_type", "human")), me.body(), "the hook adds the role member");
    }

    @Test
    void suspendedAccountsAreRefusedByTheTokenHook() {
        String token = Tokens.mint("sam", Map.of("suspended", true));
        Client.Reply reply = client.send("GET", "/api/me", null, bearer(token));
        assertEquals(401, reply.status(), reply.toString());
        assertEquals(Map.of("code", "INVALID_TOKEN", "message", "account suspended"), reply.error());
        assertNotNull(reply.challenge());
        assertTrue(reply.challenge().contains("error=\"invalid_token\""), reply.challenge());
        assertTrue(reply.challenge().contains("error_description=\"account suspended\""), reply.challenge());
        assertEquals(401, client.send("GET", "/api/posts", null, bearer(token)).status(),
            "a refused token is never read anonymously");
        assertEquals(200, client.send("GET", "/api/me", null,
            bearer(Tokens.mint("sam", Map.of("suspended", false)))).status());
    }

    @Test
    void theOpenApiDocumentOffersBothSchemesAndMarksPublicReads() {
        Client.Reply document = client.send("GET", "/api/openapi.json", null);
        assertEquals(200, document.status(), document.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> schemes = (Map<String, Object>) ((Map<String, Object>) document.body().get("components"))
            .get("securitySchemes");
        assertTrue(schemes.containsKey("bearerAuth") && schemes.containsKey("apiKeyAuth"), schemes.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> list = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) document.body()
            .get("paths")).get("/api/posts")).get("get");
        assertEquals(List.of(), list.get("security"), "public read");
    }

    @Test
    void aTokenSignedWithAnotherSecretIsRefused() {
        String forged = Tokens.mint("alice", Map.of());
        forged = forged.substring(0, forged.lastIndexOf('.') + 1) + "AAAA" + forged.substring(forged.lastIndexOf('.') + 5);
        Client.Reply reply = client.send("GET", "/api/me", null, bearer(forged));
        assertEquals(401, reply.status(), reply.toString());
        assertEquals("INVALID_TOKEN", reply.error().get("code"));
    }
}
