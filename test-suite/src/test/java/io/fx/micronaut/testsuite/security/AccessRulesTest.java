package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.security.support.WhoAmI;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admissions and authorisers of {@code FxSecurity} with bearer tokens and API keys together:
 * public read, anonymous access, PUBLIC and PROTECTED actions, roles, scopes (all and any), blocked
 * operations before authentication, OPTIONS unauthenticated, API keys and first-credential-wins.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = AccessRulesTest.SPEC)
@Property(name = "fx.security.jwt.secret", value = SECRET)
@Property(name = "fx.security.api-keys.entries[0].key", value = "ci-key-0123456789")
@Property(name = "fx.security.api-keys.entries[0].user-id", value = "ci-bot")
@Property(name = "fx.security.api-keys.entries[0].roles", value = "editor")
@Property(name = "fx.security.api-keys.entries[0].scopes", value = "posts:read")
@Property(name = "fx.security.api-keys.entries[1].key-sha256", value = AccessRulesTest.HASHED_KEY_SHA256)
@Property(name = "fx.security.api-keys.entries[1].user-id", value = "hashed-user")
@Property(name = "fx.security.api-keys.entries[1].identity-type", value = "human")
@Property(name = "fx.security.api-keys.entries[1].tenant-id", value = "t9")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccessRulesTest {

    static final String SPEC = "AccessRulesTest";
    /** SHA-256 of {@code hashed-key-abc}. */
    static final String HASHED_KEY_SHA256 = "a6b4f2874f2866c6f60d55c88e19810a8f32645d533ad03835ef2014aa6036ca";

    @Inject
    Api api;

    static String token(String subject, List<String> roles, List<String> scopes) {
        return Tokens.testTokens().subject(subject).roles(roles).scopes(scopes).token();
    }

    private Reply as(String token, String method, String path, String body) {
        return (token == null ? api : api.withBearer(token)).send(method, path, body);
    }

    private Reply withKey(String key, String method, String path, String body) {
        return api.send(method, path, body, Map.of("X-API-Key", key));
    }

    private static void status(int expected, Reply reply) {
        assertEquals(expected, reply.status(), reply::toString);
    }

    private String bulletin(String title) {
        Reply created = as(token("ed", List.of("editor"), List.of()), "POST", "/api/bulletins", "{\"title\":\"" + title + "\"}");
        status(201, created);
        return (String) created.data().get("id");
    }

    @Test
    void publicReadServesListReadAndHeadAnonymouslyAndWritesNeedACredential() {
        String id = bulletin("public-1");
        status(200, as(null, "GET", "/api/bulletins", null));
        status(200, as(null, "GET", "/api/bulletins/" + id, null));
        status(200, as(null, "HEAD", "/api/bulletins/" + id, null));
        Reply write = as(null, "POST", "/api/bulletins", "{\"title\":\"x\"}");
        status(401, write);
        assertEquals("UNAUTHORIZED", write.code());
        assertEquals("authentication required", write.error().get("message"));
        // a presented credential that fails is still refused on a public read
        Reply bad = as("not.a.token", "GET", "/api/bulletins", null);
        status(401, bad);
        assertEquals("INVALID_TOKEN", bad.code());
    }

    @Test
    void requireRoleAdmitsAnyListedRoleAndRefusesOthersAndAnonymousWith403() {
        Reply viewer = as(token("v", List.of("viewer"), List.of()), "POST", "/api/bulletins", "{\"title\":\"r\"}");
        status(403, viewer);
        assertEquals("FORBIDDEN", viewer.code());
        assertEquals("requires one of the roles editor, admin", viewer.error().get("message"));
        status(201, as(token("a", List.of("admin"), List.of()), "POST", "/api/bulletins", "{\"title\":\"r\"}"));
        status(201, withKey("ci-key-0123456789", "POST", "/api/bulletins", "{\"title\":\"by-key\"}"));
    }

    @Test
    void requireScopeNamesOnlyTheMissingScopes() {
        String id = bulletin("scoped");
        Reply partial = as(token("s", List.of(), List.of("b:write")), "PATCH", "/api/bulletins/" + id, "{\"title\":\"y\"}");
        status(403, partial);
        assertEquals("FORBIDDEN", partial.code());
        assertEquals("missing scopes: b:admin", partial.error().get("message"));
        assertEquals(Map.of("missing_scopes", List.of("b:admin")), partial.error().get("details"));
        assertEquals("Bearer realm=\"api\", error=\"insufficient_scope\", scope=\"b:write b:admin\"",
            partial.header("WWW-Authenticate"));
        Reply prefix = as(token("s", List.of(), List.of("b:write", "b:admin:extra", "b")), "PATCH", "/api/bulletins/" + id,
            "{\"title\":\"y\"}");
        status(403, prefix);
        assertEquals("missing scopes: b:admin", prefix.error().get("message"), "matching is exact");
        status(200, as(token("s", List.of(), List.of("b:admin", "b:write")), "PATCH", "/api/bulletins/" + id, "{\"title\":\"y\"}"));
    }

    @Test
    void requireAnyScopeAdmitsOneOfThem() {
        String id = bulletin("any");
        Reply none = as(token("s", List.of(), List.of("b:write")), "DELETE", "/api/bulletins/" + id, null);
        status(403, none);
        assertEquals("requires one of the scopes b:delete, b:admin", none.error().get("message"));
        assertTrue(none.header("WWW-Authenticate").contains("error=\"insufficient_scope\""));
        status(204, as(token("s", List.of(), List.of("b:delete")), "DELETE", "/api/bulletins/" + id, null));
    }

    @Test
    void allowAnonymousServesWithoutCredentialButRefusesABadOne() {
        status(201, as(null, "POST", "/api/notices", "{\"title\":\"anon\"}"));
        status(200, as(null, "GET", "/api/notices", null));
        Reply expired = as(Tokens.testTokens().subject("u").expired().token(), "GET", "/api/notices", null);
        status(401, expired);
        assertEquals("TOKEN_EXPIRED", expired.code());
        Reply basic = api.send("GET", "/api/notices", null, Map.of("Authorization", "Basic eDp5"));
        status(401, basic);
        assertEquals("UNAUTHORIZED", basic.code());
    }

    @Test
    void blockedOperationsAre405WithTheReducedAllowBeforeAuthentication() {
        String id = (String) as(null, "POST", "/api/notices", "{\"title\":\"blk\"}").data().get("id");
        Reply delete = as(null, "DELETE", "/api/notices/" + id, null);
        status(405, delete);
        assertEquals("METHOD_NOT_ALLOWED", delete.code());
        assertEquals("GET, HEAD, OPTIONS", delete.header("Allow"));
        Reply patch = as("garbage", "PATCH", "/api/notices/" + id, "{\"title\":\"z\"}");
        status(405, patch);
        Reply options = as(null, "OPTIONS", "/api/notices/" + id, null);
        status(204, options);
        assertEquals("GET, HEAD, OPTIONS", options.header("Allow"));
        status(200, as(null, "GET", "/api/notices/" + id, null));
    }

    @Test
    void anAdmittedAnonymousCallerMeetsRoleAndScopeRulesWith403() {
        Reply list = as(null, "GET", "/api/permits", null);
        status(403, list);
        assertEquals("FORBIDDEN", list.code());
        assertEquals("requires role auditor", list.error().get("message"));
        Reply read = as(null, "GET", "/api/permits/any", null);
        status(403, read);
        assertEquals(Map.of("missing_scopes", List.of("permits:read")), read.error().get("details"));
        status(200, as(token("a", List.of("auditor"), List.of()), "GET", "/api/permits", null));
    }

    @Test
    void optionsStaysUnauthenticated() {
        status(204, as(null, "OPTIONS", "/api/bulletins", null));
        status(204, as(null, "OPTIONS", "/api/permits", null));
    }

    @Test
    void publicActionsAdmitAnonymousCallersAndProtectedOnesDoNot() {
        Reply anonymous = as(null, "GET", "/api/whoami", null);
        status(200, anonymous);
        assertEquals(true, anonymous.data().get("anonymous"));
        Reply known = as(token("alice", List.of("r"), List.of()), "GET", "/api/whoami", null);
        assertEquals("alice", known.data().get("user_id"));
        status(401, as(null, "GET", "/api/private", null));
        status(200, as(token("alice", List.of(), List.of()), "GET", "/api/private", null));
    }

    @Test
    void apiKeysAuthenticateByDigestAndAnUnknownKeyIs401() {
        Reply ci = withKey("ci-key-0123456789", "GET", "/api/whoami", null);
        assertEquals("ci-bot", ci.data().get("user_id"));
        assertEquals(List.of("editor"), ci.data().get("roles"));
        assertEquals(List.of("posts:read"), ci.data().get("scopes"));
        assertEquals("api_key", ci.data().get("auth_method"));
        assertEquals("SERVICE_ACCOUNT", ci.data().get("identity_type"));
        Reply hashed = withKey("hashed-key-abc", "GET", "/api/whoami", null);
        assertEquals("hashed-user", hashed.data().get("user_id"), hashed::toString);
        assertEquals("HUMAN", hashed.data().get("identity_type"));
        assertEquals("t9", hashed.data().get("tenant_id"));
        Reply unknown = withKey("ci-key-0123456789x", "GET", "/api/whoami", null);
        status(401, unknown);
        assertEquals("UNAUTHORIZED", unknown.code());
        assertEquals("invalid API key", unknown.error().get("message"));
        assertEquals("Bearer realm=\"api\"", unknown.header("WWW-Authenticate"));
        assertTrue(!unknown.text().contains("ci-key"), unknown::toString);
    }

    @Test
    void theFirstPresentedCredentialDecides() {
        Reply badBearer = api.send("GET", "/api/whoami", null,
            Map.of("Authorization", "Bearer x.y.z", "X-API-Key", "ci-key-0123456789"));
        status(401, badBearer);
        assertEquals("INVALID_TOKEN", badBearer.code());
        Reply goodBearer = api.send("GET", "/api/whoami", null,
            Map.of("Authorization", "Bearer " + token("alice", List.of(), List.of()), "X-API-Key", "wrong"));
        status(200, goodBearer);
        assertEquals("alice", goodBearer.data().get("user_id"));
        assertNull(goodBearer.data().get("tenant_id"));
    }

    @Test
    void theHashedKeyConstantIsTheDigestOfTheTestKey() throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest("hashed-key-abc".getBytes());
        assertEquals(HexFormat.of().formatHex(digest), HASHED_KEY_SHA256);
    }

    @Test
    void anAuthenticatorOfTheApplicationComesAfterTheModulesOwn() {
        Reply session = api.send("GET", "/api/whoami", null, Map.of("X-Session", "good-session"));
        status(200, session);
        assertEquals("session-user", session.data().get("user_id"));
        assertEquals("session", session.data().get("auth_method"));
        Reply bad = api.send("GET", "/api/whoami", null, Map.of("X-Session", "stale"));
        status(401, bad);
        assertEquals("UNAUTHORIZED", bad.code());
        assertEquals("session expired", bad.error().get("message"));
        Reply both = api.send("GET", "/api/whoami", null, Map.of("X-Session", "stale", "X-API-Key", "ci-key-0123456789"));
        assertEquals("ci-bot", both.data().get("user_id"), "the API key comes first");
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Authenticator sessions() {
            return context -> {
                String session = context.getRequest().map(r -> r.getHeaders().get("X-Session")).orElse(null);
                if (session == null) {
                    return Optional.empty();
                }
                if (!session.equals("good-session")) {
                    throw CredentialRefusedException.unauthorized("session expired");
                }
                return Optional.of(new AuthInfo("session-user", List.of(), Map.of(), null, IdentityType.HUMAN,
                    List.of(), "s-1", "session"));
            };
        }

        @Singleton
        @Named("whoami")
        Action whoami() {
            return WhoAmI.action(ActionAccess.PUBLIC);
        }

        @Singleton
        @Named("private")
        Action privateAction() {
            return Action.get("/private", context -> Map.of("data", Map.of("ok", true))).access(ActionAccess.PROTECTED);
        }

        @Singleton
        PipelineConfigurer rules() {
            return registry -> {
                registry.use(Step.AUTH, FxSecurity.allowPublicRead(), MiddlewareOptions.before().models("Bulletin"));
                registry.use(Step.AUTH, FxSecurity.requireRole("editor", "admin"),
                    MiddlewareOptions.after().models("Bulletin").operations(Operation.CREATE));
                registry.use(Step.AUTH, FxSecurity.requireScope("b:write", "b:admin"),
                    MiddlewareOptions.after().models("Bulletin").operations(Operation.UPDATE));
                registry.use(Step.AUTH, FxSecurity.requireAnyScope("b:delete", "b:admin"),
                    MiddlewareOptions.after().models("Bulletin").operations(Operation.DELETE));
                registry.use(Step.AUTH, FxSecurity.blockOperation(Operation.DELETE, Operation.UPDATE),
                    MiddlewareOptions.before().models("Notice"));
                registry.use(Step.AUTH, FxSecurity.allowAnonymous(), MiddlewareOptions.before().models("Notice"));
                registry.use(Step.AUTH, FxSecurity.allowAnonymous(), MiddlewareOptions.before().models("Permit"));
                registry.use(Step.AUTH, FxSecurity.requireRole("auditor"),
                    MiddlewareOptions.after().models("Permit").operations(Operation.LIST));
                registry.use(Step.AUTH, FxSecurity.requireScope("permits:read"),
                    MiddlewareOptions.after().models("Permit").operations(Operation.READ));
            };
        }
    }
}
