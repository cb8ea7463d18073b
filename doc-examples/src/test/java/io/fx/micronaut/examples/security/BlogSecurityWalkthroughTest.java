package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's security walk-through, request for request: the blog started with {@code BLOG_JWT_SECRET}
 * and {@code BLOG_API_KEY=ci-secret-key}, tokens minted by {@code doc-examples/mint-token.sh} exactly as
 * the reader mints them, and the answers the README shows.
 */
class BlogSecurityWalkthroughTest {

    private static BlogServer server;
    private static Client client;

    @BeforeAll
    static void start() {
        server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET, "BLOG_API_KEY", "ci-secret-key"));
        client = new Client(server.url());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Runs {@code ./mint-token.sh} with the blog's secret, as the README does. */
    static String mint(String... arguments) throws IOException, InterruptedException {
        Path script = Path.of("mint-token.sh").toAbsolutePath();
        assertTrue(Files.isExecutable(script), script + " is executable");
        String[] command = new String[arguments.length + 1];
        command[0] = script.toString();
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("BLOG_JWT_SECRET", Tokens.SECRET);
        Process process = builder.start();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS), "mint-token.sh finishes");
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, process.exitValue(), out);
        return out;
    }

    @Test
    void walkThrough() throws Exception {
        String alice = mint("alice");
        String bob = mint("bob");
        String admin = mint("root", "\"roles\":[\"admin\"]");

        Client.Reply me = client.send("GET", "/api/me", null, bearer(alice));
        assertEquals("200 {\"data\":{\"user_id\":\"alice\",\"roles\":[\"member\"],\"scopes\":[],\"tenant_id\":null,"
            + "\"session_id\":\"" + BlogLoginTest.claims(alice).get("jti") + "\",\"auth_method\":\"jwt\","
            + "\"identity_type\":\"human\"}}", me.toString());
        assertTrue(((String) BlogLoginTest.claims(alice).get("jti")).matches("[0-9a-f]{32}"), "a random jti, the session id");
        assertTrue(BlogLoginTest.claims(alice).get("iat") instanceof Integer, "iat in whole seconds");

        String body = "{\"title\":\"Mine\",\"body\":\"Signed in.\",\"slug\":\"mine\"}";
        Client.Reply anonymous = client.send("POST", "/api/posts", body);
        assertEquals("401 {\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":\"authentication required\"}}",
            anonymous.toString());
        Client.Reply created = client.send("POST", "/api/posts", body, bearer(alice));
        assertEquals(201, created.status(), created.toString());
        assertEquals("alice", created.data().get("owner_id"));
        assertTrue(created.text().endsWith(",\"owner_id\":\"alice\",\"featured_tag_id\":null,\"publish_at\":null,"
            + "\"expires_at\":null,\"cover\":null,\"thumbnail\":null,\"deleted_at\":null}}"), created.text());
        String id = (String) created.data().get("id");
        assertEquals(200, client.send("GET", "/api/posts/" + id, null).status());

        String notFound = "404 {\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"Post not found\"}}";
        assertEquals(notFound, client.send("PATCH", "/api/posts/" + id, "{\"title\":\"Bob was here\"}",
            bearer(bob)).toString());
        assertEquals(notFound, client.send("POST", "/api/posts/" + id + "/publish", null, bearer(bob)).toString());
        Client.Reply published = client.send("POST", "/api/posts/" + id + "/publish", null, bearer(admin));
        assertEquals(200, published.status(), published.toString());
        assertEquals(Map.of("id", id, "status", "published"), published.body());

        Client.Reply tag = client.send("POST", "/api/tags", "{\"name\":\"java\"}", bearer(alice));
        assertEquals(201, tag.status(), tag.toString());
        String tagId = (String) tag.data().get("id");
        assertEquals("403 {\"error\":{\"code\":\"FORBIDDEN\",\"message\":\"requires role editor\"}}",
            client.send("DELETE", "/api/tags/" + tagId, null, bearer(alice)).toString());
        assertEquals(204, client.send("DELETE", "/api/tags/" + tagId, null, "X-API-Key", "ci-secret-key").status());

        assertEquals("401 {\"error\":{\"code\":\"INVALID_TOKEN\",\"message\":\"account suspended\"}}",
            client.send("GET", "/api/me", null, bearer(mint("sam", "\"suspended\":true"))).toString());
        assertEquals("200 {\"data\":{\"user_id\":\"ci-bot\",\"roles\":[\"editor\"],\"scopes\":[\"posts:read\"],"
            + "\"tenant_id\":null,\"session_id\":null,\"auth_method\":\"api_key\",\"identity_type\":\"service_account\"}}",
            client.send("GET", "/api/me", null, "X-API-Key", "ci-secret-key").toString());
    }
}
