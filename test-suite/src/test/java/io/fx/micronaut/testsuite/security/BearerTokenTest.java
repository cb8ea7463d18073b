package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.RSAKey;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.fx.micronaut.testsuite.security.support.Jwt;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bearer authentication with an HMAC secret and a PEM RSA public key together, an issuer and an
 * audience: every check in its order with its code, the {@code WWW-Authenticate} challenges, the
 * principal built from the claims, and the token hooks.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class BearerTokenTest extends SecurityServerTest {

    static final String SPEC = "BearerTokenTest";
    static final String ISSUER = "https://issuer.test";
    static final String AUDIENCE = "fx-api";
    static final RSAKey RSA = Tokens.rsa("rsa-1");

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.jwt("public-key", Tokens.publicPem(RSA)).jwt("issuer", ISSUER)
            .jwt("audience", AUDIENCE).jwt("tenant-claim", "tenant_id").whoAmI(ActionAccess.PROTECTED);
    }

    static Jwt valid(String subject) {
        return Tokens.jwt(subject).issuer(ISSUER).audience(AUDIENCE);
    }

    private Reply get(String path, String authorization) {
        return api.send("GET", path, null, authorization == null ? Map.of() : Map.of("Authorization", authorization));
    }

    private Reply bearer(String token) {
        return get("/api/whoami", "Bearer " + token);
    }

    private static void unauthorized(Reply reply, String code, String message) {
        refused(reply, 401, code, message);
        assertNotNull(reply.header("X-Request-Id"), reply::toString);
    }

    private static void invalidToken(Reply reply, String code, String message) {
        unauthorized(reply, code, message);
        assertEquals("Bearer realm=\"api\", error=\"invalid_token\", error_description=\"" + message + "\"",
            reply.header("WWW-Authenticate"));
    }

    @Test
    void aRequestWithoutCredentialIs401WithTheBareChallenge() {
        for (String path : List.of("/api/whoami", "/api/dossiers", "/api/dossiers/1")) {
            Reply reply = get(path, null);
            unauthorized(reply, "UNAUTHORIZED", "authentication required");
            assertEquals("Bearer realm=\"api\"", reply.header("WWW-Authenticate"));
        }
    }

    @Test
    void anotherSchemeABareTokenAndAnEmptyTokenAreUnauthorized() {
        String token = valid("u1").token();
        unauthorized(get("/api/whoami", "Basic dXNlcjpwdw=="), "UNAUTHORIZED", "authorization scheme must be Bearer");
        unauthorized(get("/api/whoami", token), "UNAUTHORIZED", "authorization header lacks the Bearer scheme");
        unauthorized(get("/api/whoami", "Bearer"), "UNAUTHORIZED", "bearer token is empty");
        Reply empty = get("/api/whoami", "Bearer    ");
        unauthorized(empty, "UNAUTHORIZED", "bearer token is empty");
        assertEquals("Bearer realm=\"api\"", get("/api/whoami", "Basic x").header("WWW-Authenticate"));
    }

    @Test
    void validTokensOfEveryConfiguredFamilyAuthenticateAndTheSchemeIsCaseInsensitive() {
        for (JWSAlgorithm algorithm : List.of(JWSAlgorithm.HS256, JWSAlgorithm.HS384, JWSAlgorithm.HS512)) {
            Reply reply = get("/api/whoami", "bEaReR " + valid("u-" + algorithm).algorithm(algorithm).token());
            assertEquals(200, reply.status(), reply::toString);
            assertEquals("u-" + algorithm, reply.data().get("user_id"));
            assertEquals("jwt", reply.data().get("auth_method"));
        }
        for (JWSAlgorithm algorithm : List.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512)) {
            Reply reply = bearer(valid("r-" + algorithm).signedWith(RSA, algorithm));
            assertEquals(200, reply.status(), reply::toString);
            assertEquals("r-" + algorithm, reply.data().get("user_id"));
        }
        assertEquals(200, api.withBearer(valid("u1").token()).get("/api/dossiers").status());
    }

    @Test
    void thePrincipalCarriesRolesScopesTenantAndSession() {
        Reply arrays = bearer(valid("alice").roles("admin", "editor").scopes("posts:read", "posts:write")
            .tenant("t1").sessionId("session-1").jwtId("jti-1").token());
        assertEquals(200, arrays.status(), arrays::toString);
        assertEquals(List.of("admin", "editor", "member"), arrays.data().get("roles"));
        assertEquals(List.of("posts:read", "posts:write"), arrays.data().get("scopes"));
        assertEquals("t1", arrays.data().get("tenant_id"));
        assertEquals("session-1", arrays.data().get("session_id"));
        assertEquals("HUMAN", arrays.data().get("identity_type"));
        Reply strings = bearer(valid("bob").claim("roles", "viewer  auditor").claim("scope", "a b").jwtId("jti-2")
            .token());
        assertEquals(List.of("viewer", "auditor", "member"), strings.data().get("roles"));
        assertEquals(List.of("a", "b"), strings.data().get("scopes"));
        assertEquals("jti-2", strings.data().get("session_id"));
    }

    @Test
    void unsignedEncryptedAndConfusedTokensAreInvalid() {
        invalidToken(bearer(valid("u1").unsigned()), "INVALID_TOKEN", "unsigned tokens are not accepted");
        invalidToken(bearer(valid("u1").encryptedFor(RSA)), "INVALID_TOKEN", "encrypted tokens are not accepted");
        // an HMAC token keyed with the RSA public key's PEM text meets the secret only
        String confused = valid("u1").secret(Tokens.publicPem(RSA)).token();
        invalidToken(bearer(confused), "INVALID_TOKEN", "invalid signature");
        invalidToken(bearer(valid("u1").forged()), "INVALID_TOKEN", "invalid signature");
        invalidToken(bearer(valid("u1").signedWith(Tokens.rsa("rsa-1"))), "INVALID_TOKEN", "invalid signature");
        invalidToken(bearer("not.a.token"), "INVALID_TOKEN", "malformed token");
        invalidToken(bearer("abc"), "INVALID_TOKEN", "malformed token");
        invalidToken(bearer(valid("u1").signedWith(Tokens.ec("ec"))), "INVALID_TOKEN", "algorithm ES256 is not accepted");
    }

    @Test
    void theClaimChecksRunInOrderWithTheirCodes() {
        invalidToken(bearer(valid(null).issuedAt(null).token()), "INVALID_TOKEN", "token has no sub claim");
        invalidToken(bearer(Tokens.jwt("u1").issuedAt(null).withoutExpiry().token()),
            "TOKEN_MISSING_EXPIRY", "token has no exp claim");
        invalidToken(bearer(valid("u1").expiresIn(-120).token()), "TOKEN_EXPIRED", "token expired");
        assertEquals(200, bearer(valid("u1").expiresIn(-30).token()).status(), "within the 60 s skew");
        invalidToken(bearer(valid("u1").notBeforeIn(120).token()), "TOKEN_NOT_YET_VALID", "token not valid yet (nbf)");
        invalidToken(bearer(valid("u1").issuedIn(120).token()), "TOKEN_FUTURE_ISSUED",
            "token issued in the future (iat)");
        assertEquals(200, bearer(valid("u1").issuedIn(30).token()).status(), "iat within the skew");
        invalidToken(bearer(valid("u1").issuer("https://other").token()), "INVALID_TOKEN", "issuer mismatch");
        invalidToken(bearer(valid("u1").audience("other").token()), "INVALID_TOKEN", "audience mismatch");
        assertEquals(200, bearer(valid("u1").audience(List.of("other", AUDIENCE)).token()).status(),
            "an array audience holding ours");
        // order: an expired token with a bad issuer reports the expiry first
        invalidToken(bearer(valid("u1").issuer("x").expiresIn(-120).token()), "TOKEN_EXPIRED", "token expired");
    }

    @Test
    void tokenHooksRefuseAndEnrich() {
        invalidToken(bearer(valid("u1").claim("suspended", true).token()), "INVALID_TOKEN", "account suspended");
        try (LogCapture log = new LogCapture("io.fx.micronaut.security.jwt.JwtVerification")) {
            invalidToken(bearer(valid("u1").claim("hook_breaks", true).token()), "INVALID_TOKEN", "token rejected");
            assertTrue(log.text().contains("token hook"), log.text());
        }
    }

    @Test
    void messagesNeverCarryKeysOrTokens() {
        String token = valid("u1").forged();
        Reply reply = bearer(token);
        assertFalse(reply.text().contains(SECRET), reply::toString);
        assertFalse(reply.text().contains(token.substring(0, 20)), reply::toString);
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

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
