package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The blog with {@code BLOG_TENANCY=true}: authors belong to the tenant of the token that created them
 * (claim {@code tenant_id}); another tenant neither lists, reads, changes nor links to them, nor learns
 * from a 409 which e-mail addresses they use (issue 26 S6: {@code unique} holds per tenant).
 */
class BlogTenancyTest {

    private static BlogServer server;
    private static Client client;

    private final String acme = Tokens.mint("alice", Map.of("tenant_id", "acme"));
    private final String globex = Tokens.mint("bob", Map.of("tenant_id", "globex"));

    @BeforeAll
    static void start() {
        server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_TENANCY", "true"));
        client = new Client(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void authorsAreConfinedToTheCallersTenant() {
        Client.Reply ada = client.send("POST", "/api/authors",
            "{\"name\":\"Ada\",\"email\":\"ada@acme.test\",\"tenant_id\":\"globex\"}", bearer(acme));
        assertEquals(201, ada.status(), ada.toString());
        assertEquals("acme", ada.data().get("tenant_id"), "readonly: stamped from the token, never the body");
        String adaId = (String) ada.data().get("id");
        assertEquals(201, client.send("POST", "/api/authors", "{\"name\":\"Bo\",\"email\":\"bo@globex.test\"}",
            bearer(globex)).status());

        Client.Reply mine = client.send("GET", "/api/authors", null, bearer(acme));
        assertEquals(1, ((Map<?, ?>) mine.body().get("meta")).get("total"), mine.toString());
        assertEquals("Ada", mine.list().get(0).get("name"));
        assertEquals(200, client.send("GET", "/api/authors/" + adaId, null, bearer(acme)).status());
        assertEquals(404, client.send("GET", "/api/authors/" + adaId, null, bearer(globex)).status());
        assertEquals(404, client.send("PATCH", "/api/authors/" + adaId, "{\"bio\":\"x\"}", bearer(globex)).status());
        assertEquals(404, client.send("DELETE", "/api/authors/" + adaId, null, bearer(globex)).status());

        Client.Reply post = client.send("POST", "/api/posts",
            "{\"title\":\"t\",\"body\":\"b\",\"slug\":\"tenant-post\",\"author_id\":\"" + adaId + "\"}", bearer(acme));
        assertEquals(201, post.status(), post.toString());
        Client.Reply seen = client.send("GET", "/api/posts/" + post.data().get("id") + "?include=author", null,
            bearer(globex));
        assertEquals(200, seen.status(), seen.toString());
        assertNull(seen.data().get("author"), "another tenant's author is not included");
        Client.Reply link = client.send("POST", "/api/posts",
            "{\"title\":\"t\",\"body\":\"b\",\"slug\":\"foreign\",\"author_id\":\"" + adaId + "\"}", bearer(globex));
        assertEquals(409, link.status(), "a key naming an author outside the tenant is as a missing one: " + link);
    }

    @Test
    void anEmailIsUniqueWithinItsTenantOnly() {
        String initech = Tokens.mint("peter", Map.of("tenant_id", "initech"));
        String umbrella = Tokens.mint("alice", Map.of("tenant_id", "umbrella"));
        String grace = "{\"name\":\"Grace\",\"email\":\"grace@shared.test\"}";
        assertEquals(201, client.send("POST", "/api/authors", grace, bearer(initech)).status());
        Client.Reply other = client.send("POST", "/api/authors", grace, bearer(umbrella));
        assertEquals(201, other.status(), "another tenant's address is free, so a create tells nothing of it: " + other);
        Client.Reply duplicate = client.send("POST", "/api/authors", grace, bearer(initech));
        assertEquals(409, duplicate.status(), duplicate.toString());
        assertEquals("CONFLICT", duplicate.error().get("code"));
        assertEquals("email", ((Map<?, ?>) duplicate.error().get("details")).get("column"));
    }

    @Test
    void callersWithoutATenantAreRefusedOnAuthors() {
        Client.Reply anonymous = client.send("GET", "/api/authors", null);
        assertEquals(403, anonymous.status(), anonymous.toString());
        assertEquals("FORBIDDEN", anonymous.error().get("code"));
        Client.Reply untenanted = client.send("GET", "/api/authors", null, bearer(Tokens.mint("carol", Map.of())));
        assertEquals(403, untenanted.status(), untenanted.toString());
        assertEquals(200, client.send("GET", "/api/posts", null).status(), "other models stay public");
    }
}
