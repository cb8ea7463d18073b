package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bearer authentication with an HMAC secret and a PEM RSA public key together, an issuer and an
 * audience: every check in its order with its code, the {@code WWW-Authenticate} challenges, the
 * principal built from the claims, and the token hooks.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BearerTokenTest implements TestPropertyProvider {

    static final String SPEC = "BearerTokenTest";
    static final String SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    static final String ISSUER = "https://issuer.test";
    static final String AUDIENCE = "fx-api";
    static final RSAKey RSA = Tokens.rsa("rsa-1");

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    Api api;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("spec.name", SPEC,
            "fx.security.jwt.secret", SECRET,
            "fx.security.jwt.public-key", Tokens.publicPem(RSA),
            "fx.security.jwt.issuer", ISSUER,
            "fx.security.jwt.audience", AUDIENCE,
            "fx.security.jwt.tenant-claim", "tenant_id");
    }

    @BeforeAll
    void start() {
        api = new Api(server, json);
    }

    static JWTClaimsSet.Builder valid(String subject) {
        return Tokens.claims(subject).issuer(ISSUER).audience(AUDIENCE);
    }

    private Reply get(String path, String authorization) {
        return api.send("GET", path, null, authorization == null ? Map.of() : Map.of("Authorization", authorization));
    }

    private Reply bearer(String token) {
        return get("/api/whoami", "Bearer " + token);
    }

    private static void refused(Reply reply, String code, String message) {
        assertEquals(401, reply.status(), reply::toString);
        assertEquals(code, reply.code(), reply::toString);
        assertEquals(message, reply.error().get("message"), reply::toString);
        assertTrue(reply.header("X-Request-Id") != null, reply::toString);
    }

    private static void invalidToken(Reply reply, String code, String message) {
        refused(reply, code, message);
        assertEquals("Bearer realm=\"api\", error=\"invalid_token\", error_description=\"" + message + "\"",
            reply.header("WWW-Authenticate"));
    }

    @Test
    void aRequestWithoutCredentialIs401WithTheBareChallenge() {
        for (String path : List.of("/api/whoami", "/api/dossiers", "/api/dossiers/1")) {
            Reply reply = get(path, null);
            refused(reply, "UNAUTHORIZED", "authentication required");
            assertEquals("Bearer realm=\"api\"", reply.header("WWW-Authenticate"));
        }
    }

    @Test
    void anotherSchemeABareTokenAndAnEmptyTokenAreUnauthorized() {
        String token = Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").build());
        refused(get("/api/whoami", "Basic dXNlcjpwdw=="), "UNAUTHORIZED", "authorization scheme must be Bearer");
        refused(get("/api/whoami", token), "UNAUTHORIZED", "authorization header lacks the Bearer scheme");
        refused(get("/api/whoami", "Bearer"), "UNAUTHORIZED", "bearer token is empty");
        Reply empty = get("/api/whoami", "Bearer    ");
        refused(empty, "UNAUTHORIZED", "bearer token is empty");
        assertEquals("Bearer realm=\"api\"", get("/api/whoami", "Basic x").header("WWW-Authenticate"));
    }

    @Test
    void validTokensOfEveryConfiguredFamilyAuthenticateAndTheSchemeIsCaseInsensitive() {
        for (JWSAlgorithm algorithm : List.of(JWSAlgorithm.HS256, JWSAlgorithm.HS384, JWSAlgorithm.HS512)) {
            Reply reply = get("/api/whoami", "bEaReR " + Tokens.hmac(algorithm, SECRET, valid("u-" + algorithm).build()));
            assertEquals(200, reply.status(), reply::toString);
            assertEquals("u-" + algorithm, reply.data().get("user_id"));
            assertEquals("jwt", reply.data().get("auth_method"));
        }
        for (JWSAlgorithm algorithm : List.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512)) {
            Reply reply = bearer(Tokens.rsa(RSA, algorithm, valid("r-" + algorithm).build()));
            assertEquals(200, reply.status(), reply::toString);
            assertEquals("r-" + algorithm, reply.data().get("user_id"));
        }
        assertEquals(200, api.send("GET", "/api/dossiers", null,
            Map.of("Authorization", "Bearer " + Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").build()))).status());
    }

    @Test
    void thePrincipalCarriesRolesScopesTenantAndSession() {
        Reply arrays = bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("alice")
            .claim("roles", List.of("admin", "editor")).claim("scope", List.of("posts:read", "posts:write"))
            .claim("tenant_id", "t1").claim("sid", "session-1").jwtID("jti-1").build()));
        assertEquals(200, arrays.status(), arrays::toString);
        assertEquals(List.of("admin", "editor", "member"), arrays.data().get("roles"));
        assertEquals(List.of("posts:read", "posts:write"), arrays.data().get("scopes"));
        assertEquals("t1", arrays.data().get("tenant_id"));
        assertEquals("session-1", arrays.data().get("session_id"));
        assertEquals("HUMAN", arrays.data().get("identity_type"));
        Reply strings = bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("bob")
            .claim("roles", "viewer  auditor").claim("scope", "a b").jwtID("jti-2").build()));
        assertEquals(List.of("viewer", "auditor", "member"), strings.data().get("roles"));
        assertEquals(List.of("a", "b"), strings.data().get("scopes"));
        assertEquals("jti-2", strings.data().get("session_id"));
    }

    @Test
    void unsignedEncryptedAndConfusedTokensAreInvalid() {
        invalidToken(bearer(Tokens.unsigned(valid("u1").build())), "INVALID_TOKEN", "unsigned tokens are not accepted");
        invalidToken(bearer(Tokens.encrypted(RSA, valid("u1").build())), "INVALID_TOKEN", "encrypted tokens are not accepted");
        // an HMAC token keyed with the RSA public key's PEM text meets the secret only
        String confused = Tokens.hmac(JWSAlgorithm.HS256, Tokens.publicPem(RSA), valid("u1").build());
        invalidToken(bearer(confused), "INVALID_TOKEN", "invalid signature");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET.replace('0', 'x'), valid("u1").build())),
            "INVALID_TOKEN", "invalid signature");
        invalidToken(bearer(Tokens.rsa(Tokens.rsa("rsa-1"), valid("u1").build())), "INVALID_TOKEN", "invalid signature");
        invalidToken(bearer("not.a.token"), "INVALID_TOKEN", "malformed token");
        invalidToken(bearer("abc"), "INVALID_TOKEN", "malformed token");
        invalidToken(bearer(Tokens.ec(Tokens.ec("ec"), valid("u1").build())), "INVALID_TOKEN", "algorithm ES256 is not accepted");
    }

    @Test
    void theClaimChecksRunInOrderWithTheirCodes() {
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, new JWTClaimsSet.Builder().issuer(ISSUER).audience(AUDIENCE)
            .expirationTime(Tokens.secondsFromNow(300)).build())), "INVALID_TOKEN", "token has no sub claim");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, new JWTClaimsSet.Builder().subject("u1").build())),
            "TOKEN_MISSING_EXPIRY", "token has no exp claim");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").expirationTime(Tokens.secondsFromNow(-120)).build())),
            "TOKEN_EXPIRED", "token expired");
        assertEquals(200, bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET,
            valid("u1").expirationTime(Tokens.secondsFromNow(-30)).build())).status(), "within the 60 s skew");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").notBeforeTime(Tokens.secondsFromNow(120)).build())),
            "TOKEN_NOT_YET_VALID", "token not valid yet (nbf)");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").issueTime(Tokens.secondsFromNow(120)).build())),
            "TOKEN_FUTURE_ISSUED", "token issued in the future (iat)");
        assertEquals(200, bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET,
            valid("u1").issueTime(Tokens.secondsFromNow(30)).build())).status(), "iat within the skew");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").issuer("https://other").build())),
            "INVALID_TOKEN", "issuer mismatch");
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").audience("other").build())),
            "INVALID_TOKEN", "audience mismatch");
        assertEquals(200, bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET,
            valid("u1").audience(List.of("other", AUDIENCE)).build())).status(), "an array audience holding ours");
        // order: an expired token with a bad issuer reports the expiry first
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").issuer("x")
            .expirationTime(Tokens.secondsFromNow(-120)).build())), "TOKEN_EXPIRED", "token expired");
    }

    @Test
    void tokenHooksRefuseAndEnrich() {
        invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").claim("suspended", true).build())),
            "INVALID_TOKEN", "account suspended");
        try (LogCapture log = new LogCapture("io.fx.micronaut.security.jwt.JwtVerification")) {
            invalidToken(bearer(Tokens.hmac(JWSAlgorithm.HS256, SECRET, valid("u1").claim("hook_breaks", true).build())),
                "INVALID_TOKEN", "token rejected");
            assertTrue(log.text().contains("token hook"), log.text());
        }
    }

    @Test
    void messagesNeverCarryKeysOrTokens() {
        String token = Tokens.hmac(JWSAlgorithm.HS256, SECRET.replace('0', 'x'), valid("u1").build());
        Reply reply = bearer(token);
        assertFalse(reply.text().contains(SECRET), reply::toString);
        assertFalse(reply.text().contains(token.substring(0, 20)), reply::toString);
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action whoami() {
            return WhoAmI.action(ActionAccess.PROTECTED);
        }

        @Singleton
        TokenHook suspended() {
            return new TokenHook() {
                @Override
                public AuthInfo verify(RequestContext context, Map<String, Object> claims, AuthInfo principal) {
                    if (Boolean.TRUE.equals(claims.get("suspended"))) {
                        throw new TokenRejectedException("account suspended");
                    }
                    if (Boolean.TRUE.equals(claims.get("hook_breaks"))) {
                        throw new IllegalStateException("hook broke: internal detail");
                    }
                    List<String> roles = new ArrayList<>(principal.roles());
                    roles.add("member");
                    return new AuthInfo(principal.userId(), roles, principal.claims(), principal.tenantId(),
                        principal.identityType(), principal.scopes(), principal.sessionId(), principal.authMethod());
                }
            };
        }
    }
}
