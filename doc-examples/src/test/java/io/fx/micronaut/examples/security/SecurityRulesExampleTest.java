package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README's access rules, in configuration ({@code application-rules.yml}, environment {@code rules})
 * and in code ({@link SecurityRules}, environment {@code rules-in-code}), on the blog's models.
 */
class SecurityRulesExampleTest {

    private static final Map<String, Object> SECRET = Map.of("fx.security.jwt.secret", Tokens.SECRET,
        "fx.security.jwt.tenant-claim", "tenant_id");
    private final String editor = Tokens.mint("erin", Map.of("roles", List.of("editor"), "tenant_id", "acme"));
    private final String writer = Tokens.mint("will", Map.of("scope", "posts:write"));
    private final String admin = Tokens.mint("root", Map.of("roles", List.of("admin")));

    @Test
    @SuppressWarnings("unchecked")
    void theConfiguredRules() {
        try (BlogServer server = BlogServer.start(Map.of(), SECRET, "rules")) {
            Client client = new Client(server.url());
            assertEquals(201, client.send("POST", "/api/comments", "{\"body\":\"hi\",\"author_name\":\"Anon\"}").status(),
                "anonymous comments");
            assertEquals(200, client.send("GET", "/api/tags", null).status(), "public read");
            assertEquals(401, client.send("GET", "/api/authors", null).status(), "authors need a credential");

            Client.Reply notEditor = client.send("POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\"}", bearer(writer));
            assertEquals(403, notEditor.status(), notEditor.toString());
            Client.Reply created = client.send("POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\"}", bearer(editor));
            assertEquals(201, created.status(), created.toString());
            assertEquals("erin", created.data().get("owner_id"));
            Client.Reply noScope = client.send("PATCH", "/api/posts/" + created.data().get("id"), "{\"title\":\"u\"}",
                bearer(editor));
            assertEquals(403, noScope.status(), noScope.toString());
            assertEquals(List.of("posts:write"), ((Map<String, Object>) noScope.error().get("details")).get("missing_scopes"));

            Client.Reply blocked = client.send("DELETE", "/api/post_tags/00000000-0000-0000-0000-000000000000", null);
            assertEquals(405, blocked.status(), blocked.toString());
            assertEquals("METHOD_NOT_ALLOWED", blocked.error().get("code"));

            Client.Reply author = client.send("POST", "/api/authors", "{\"name\":\"A\",\"email\":\"a@acme.test\"}", bearer(editor));
            assertEquals(201, author.status(), author.toString());
            assertEquals("acme", author.data().get("tenant_id"), author.toString());
            assertEquals(403, client.send("GET", "/api/authors", null, bearer(writer)).status(), "no tenant");
        }
    }

    @Test
    void theRulesInCode() {
        try (BlogServer server = BlogServer.start(Map.of(), SECRET, "rules-in-code")) {
            Client client = new Client(server.url());
            Client.Reply draft = client.send("POST", "/api/posts", "{\"title\":\"t\",\"body\":\"b\",\"slug\":\"d\"}",
                bearer(admin));
            assertEquals(201, draft.status(), draft.toString());
            String id = (String) draft.data().get("id");
            Client.Reply hidden = client.send("GET", "/api/posts/" + id, null);
            assertEquals(403, hidden.status(), "a draft is for admins only: " + hidden);
            assertEquals(Map.of("code", "FORBIDDEN", "message", "access denied by policy"), hidden.error());
            assertEquals(List.of(), client.send("GET", "/api/posts", null).list(), "denied rows are dropped");
            assertEquals(200, client.send("PATCH", "/api/posts/" + id, "{\"status\":\"published\"}", bearer(admin)).status());
            assertEquals(200, client.send("GET", "/api/posts/" + id, null).status(), "published: public");
            assertEquals(404, client.send("PATCH", "/api/posts/" + id, "{\"title\":\"x\"}", bearer(writer)).status(),
                "another's post");

            Client.Reply tag = client.send("POST", "/api/tags", "{\"name\":\"t\"}", bearer(writer));
            assertEquals(201, tag.status(), tag.toString());
            assertEquals(403, client.send("DELETE", "/api/tags/" + tag.data().get("id"), null, bearer(writer)).status());
            assertEquals(204, client.send("DELETE", "/api/tags/" + tag.data().get("id"), null, bearer(editor)).status());
        }
    }
}
