package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import io.fx.micronaut.examples.blog.BlogApplication;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.core.type.Argument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The variables of login, token lifetime, revocation, sessions, CSRF and CORS: an empty or impossible value
 * stops startup naming the variable, the others reach the configuration keys of the modules that read them
 * (what they do is tested by {@link BlogRedisSessionTest} and {@link BlogSqlCorsTest}), and
 * {@code BLOG_CORS_ORIGINS} lets the browser apps at those origins call the blog with credentials.
 */
class BlogSessionVariablesTest {

    private static String refusal(Map<String, String> variables) {
        Map<String, String> all = new HashMap<>(variables);
        all.putIfAbsent("BLOG_JWT_SECRET", Tokens.SECRET);
        return assertThrows(IllegalStateException.class,
            () -> BlogApplication.configure(ApplicationContext.builder(), all)).getMessage();
    }

    @Test
    void anEmptyVariableStopsStartupNamingIt() {
        for (String name : List.of("BLOG_DEMO_USERS", "BLOG_TOKEN_TTL", "BLOG_REVOCATION", "BLOG_REDIS_URL",
                "BLOG_SESSIONS", "BLOG_COOKIE_SECURE", "BLOG_CSRF", "BLOG_CSRF_SECRET", "BLOG_CSRF_ENFORCE_BEARER",
                "BLOG_CORS_ORIGINS")) {
            assertEquals(name + " is set but empty: give it a value or unset it", refusal(Map.of(name, " ")));
        }
    }

    @Test
    void demoUsersNeedTheSecretAndWellFormedEntries() {
        assertEquals("BLOG_DEMO_USERS needs BLOG_JWT_SECRET: the login signs its tokens with it",
            assertThrows(IllegalStateException.class, () -> BlogApplication.configure(ApplicationContext.builder(),
                Map.of("BLOG_JWKS_URL", "https://login.test/jwks.json", "BLOG_DEMO_USERS", "alice:pw"))).getMessage());
        String shape = " is not name:password[:role|role[:tenant]] (name and password required)";
        assertEquals("BLOG_DEMO_USERS: the entry of alice" + shape, refusal(Map.of("BLOG_DEMO_USERS", "alice")));
        assertEquals("BLOG_DEMO_USERS: the entry of bob" + shape, refusal(Map.of("BLOG_DEMO_USERS", "alice:pw,bob:")));
        assertEquals("BLOG_DEMO_USERS: an entry" + shape, refusal(Map.of("BLOG_DEMO_USERS", ":pw")));
        assertEquals("BLOG_DEMO_USERS: an entry" + shape, refusal(Map.of("BLOG_DEMO_USERS", "alice:pw,")));
        assertEquals("BLOG_DEMO_USERS: the entry of eve" + shape, refusal(Map.of("BLOG_DEMO_USERS", "eve:pw:r:t:x")));
        assertEquals("BLOG_DEMO_USERS names the user alice twice", refusal(Map.of("BLOG_DEMO_USERS", "alice:a,alice:b")));
    }

    @Test
    void impossibleValuesStopStartupNamingTheVariable() {
        for (String ttl : List.of("15m", "0", "-5", "1.5", " 900")) {
            assertEquals("BLOG_TOKEN_TTL is " + ttl + ": give the tokens' lifetime in seconds",
                refusal(Map.of("BLOG_TOKEN_TTL", ttl)));
        }
        assertEquals("BLOG_CSRF is on: give one of [double-submit, off, signed]", refusal(Map.of("BLOG_CSRF", "on")));
        for (String mode : List.of("double-submit", "signed")) {
            assertEquals("BLOG_CSRF=" + mode + " needs BLOG_CSRF_SECRET (at least 32 bytes): the CSRF tokens are HMACs"
                + " under it", refusal(Map.of("BLOG_CSRF", mode)));
        }
        assertEquals("BLOG_REVOCATION is postgres: give one of [memory, redis, sql]",
            refusal(Map.of("BLOG_REVOCATION", "postgres")));
        assertEquals("BLOG_SESSIONS is yes: give one of [false, true]", refusal(Map.of("BLOG_SESSIONS", "yes")));
        assertEquals("BLOG_COOKIE_SECURE is 0: give one of [false, true]", refusal(Map.of("BLOG_COOKIE_SECURE", "0")));
        assertEquals("BLOG_CSRF_ENFORCE_BEARER is TRUE: give one of [false, true]",
            refusal(Map.of("BLOG_CSRF_ENFORCE_BEARER", "TRUE")));
    }

    @Test
    void theVariablesReachTheirKeys() {
        Map<String, String> variables = new HashMap<>(Map.of("BLOG_JWT_SECRET", Tokens.SECRET,
            "BLOG_TOKEN_TTL", "120", "BLOG_REVOCATION", "redis", "BLOG_REDIS_URL", "redis://127.0.0.1:6390",
            "BLOG_REVOCATION_TABLE_PREFIX", "blog_", "BLOG_SESSIONS", "true", "BLOG_COOKIE_SECURE", "false",
            "BLOG_CSRF", "signed", "BLOG_CSRF_SECRET", "csrf-secret-0123456789-0123456789-abc"));
        variables.put("BLOG_CSRF_ORIGINS", "https://app.blog.test, https://*.blog.test");
        variables.put("BLOG_CSRF_ENFORCE_BEARER", "true");
        variables.put("BLOG_CORS_ORIGINS", "https://app.blog.test");
        Environment environment = BlogServer.environment(variables);
        try {
            assertEquals(Optional.of(Duration.ofSeconds(120)), environment.getProperty("fx.security.tokens.ttl", Duration.class));
            assertEquals(Optional.of("redis"), environment.getProperty("fx.security.revocation.store", String.class));
            assertEquals(Optional.of("redis://127.0.0.1:6390"), environment.getProperty("redis.uri", String.class));
            assertEquals(Optional.of("blog_"), environment.getProperty("fx.security.revocation.sql.table-prefix", String.class));
            assertEquals(Optional.of(true), environment.getProperty("fx.security.session.enabled", Boolean.class));
            assertEquals(Optional.of(false), environment.getProperty("fx.security.session.secure", Boolean.class));
            assertEquals(Optional.of(false), environment.getProperty("fx.security.csrf.secure", Boolean.class));
            assertEquals(Optional.of("signed"), environment.getProperty("fx.security.csrf.mode", String.class));
            assertEquals(Optional.of("csrf-secret-0123456789-0123456789-abc"),
                environment.getProperty("fx.security.csrf.secret", String.class));
            assertEquals(Optional.of(List.of("https://app.blog.test", "https://*.blog.test")),
                environment.getProperty("fx.security.csrf.allowed-origins", Argument.listOf(String.class)));
            assertEquals(Optional.of(true), environment.getProperty("fx.security.csrf.enforce-bearer", Boolean.class));
            assertEquals(Optional.of(List.of("/login")),
                environment.getProperty("fx.security.csrf.exempt-paths", Argument.listOf(String.class)));
            assertTrue(environment.getActiveNames().contains("cors"), environment.getActiveNames().toString());
            assertEquals(Optional.of(List.of("https://app.blog.test")), environment.getProperty(
                "micronaut.server.cors.configurations.blog.allowed-origins", Argument.listOf(String.class)));
        } finally {
            environment.stop();
        }
    }

    @Test
    void unsetVariablesKeepTheDefaultsAndEmptyOptionalOnesAreNone() {
        Environment environment = BlogServer.environment(Map.of("BLOG_JWT_SECRET", Tokens.SECRET,
            "BLOG_REVOCATION_TABLE_PREFIX", "", "BLOG_CSRF_ORIGINS", ""));
        try {
            assertEquals(Optional.of(Duration.ofSeconds(900)), environment.getProperty("fx.security.tokens.ttl", Duration.class));
            assertEquals(Optional.empty(), environment.getProperty("fx.security.revocation.store", String.class));
            assertEquals(Optional.empty(), environment.getProperty("redis.uri", String.class));
            assertEquals(Optional.of(""), environment.getProperty("fx.security.revocation.sql.table-prefix", String.class),
                "an empty prefix is no prefix");
            assertEquals(Optional.of(false), environment.getProperty("fx.security.session.enabled", Boolean.class));
            assertEquals(Optional.of(true), environment.getProperty("fx.security.session.secure", Boolean.class));
            assertEquals(Optional.of("off"), environment.getProperty("fx.security.csrf.mode", String.class));
            assertFalse(environment.containsProperty("fx.security.csrf.allowed-origins"));
            assertFalse(environment.containsProperty("fx.security.csrf.secret"));
            assertFalse(environment.containsProperty("blog.demo-users"));
            assertFalse(environment.getActiveNames().contains("cors"), environment.getActiveNames().toString());
        } finally {
            environment.stop();
        }
    }

    @Test
    void browserAppsAtTheCorsOriginsMayCallWithCredentials() {
        try (BlogServer server = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET,
                "BLOG_CORS_ORIGINS", "https://app.blog.test, https://admin.blog.test"))) {
            Client client = new Client(server.url());
            Client.Reply preflight = client.send("OPTIONS", "/api/posts/p-1", null, "Origin", "https://admin.blog.test",
                "Access-Control-Request-Method", "PATCH",
                "Access-Control-Request-Headers", "Authorization, Content-Type, X-CSRF-Token");
            assertEquals(200, preflight.status(), preflight.toString());
            assertEquals("https://admin.blog.test", preflight.header("Access-Control-Allow-Origin"));
            assertEquals("true", preflight.header("Access-Control-Allow-Credentials"));
            String methods = String.join(",", preflight.headers().allValues("Access-Control-Allow-Methods"));
            assertTrue(methods.contains("PATCH"), methods);
            String headers = String.join(",", preflight.headers().allValues("Access-Control-Allow-Headers"));
            assertTrue(headers.contains("X-CSRF-Token") && headers.contains("Authorization"), headers);

            Client.Reply list = client.send("GET", "/api/posts", null, "Origin", "https://app.blog.test");
            assertEquals(200, list.status(), list.toString());
            assertEquals("https://app.blog.test", list.header("Access-Control-Allow-Origin"));
            String exposed = String.join(",", list.headers().allValues("Access-Control-Expose-Headers"));
            assertTrue(exposed.contains("X-Request-Id") && exposed.contains("Location"), exposed);

            Client.Reply foreign = client.send("OPTIONS", "/api/posts/p-1", null, "Origin", "https://evil.test",
                "Access-Control-Request-Method", "PATCH", "Access-Control-Request-Headers", "Authorization");
            assertEquals(403, foreign.status(), foreign.toString());
            assertEquals(null, foreign.header("Access-Control-Allow-Origin"));
        }
    }
}
