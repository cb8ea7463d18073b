package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.TokenHook;
import io.fx.micronaut.security.TokenRejectedException;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.security.support.Tokens.id;
import static io.fx.micronaut.testsuite.security.support.Tokens.issuerToken;
import static io.fx.micronaut.testsuite.security.support.Tokens.millisecondToken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Revocation in the bearer verification, with an application's own {@link Revoker} that counts its lookups:
 * every code, the order (signature, claims, revocation, hook), one lookup per request even for a cached
 * token, fail-closed on a store error, cutoffs to the millisecond, and the logout actions.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class RevocationTest extends SecurityServerTest {

    static final String SPEC = "RevocationTest";
    static final String API_KEY = "revocation-key-0123456789";

    @Inject
    CountingRevoker revoker;
    @Inject
    TokenIssuer issuer;

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.revocation("retain", "1h").apiKey(API_KEY, "robot").openApi()
            .whoAmI(ActionAccess.PROTECTED);
    }

    static String token(String subject, String jti) {
        return millisecondToken(SECRET, subject, jti, System.currentTimeMillis(), 300);
    }

    private Reply whoami(String token) {
        return api.withBearer(token).get("/api/whoami");
    }

    private Reply post(String path, String token) {
        return api.withBearer(token).send("POST", path, null);
    }

    @Test
    void aTokenWithoutJtiIsNotRevocable() {
        int before = revoker.checks.get();
        refused(whoami(millisecondToken(SECRET, "u1", null, System.currentTimeMillis(), 300)), 401,
            "TOKEN_NOT_REVOCABLE", "token has no jti claim; revocation needs one");
        assertEquals(before, revoker.checks.get());
    }

    @Test
    void aRevokedTokenIsRefusedAndOthersPass() {
        String jti = id();
        assertEquals(200, whoami(token("u2", jti)).status());
        revoker.revokeToken(jti, Instant.now().plusSeconds(600));
        Reply reply = whoami(token("u2", jti));
        refused(reply, 401, "TOKEN_REVOKED", "token revoked");
        assertTrue(reply.header("WWW-Authenticate").contains("invalid_token"), reply::toString);
        assertEquals(200, whoami(token("u2", id())).status());
    }

    @Test
    void aCutoffRefusesTheModulesOwnTokensIssuedBeforeItToTheMillisecond() {
        String user = "cut-" + id();
        long cutoff = (System.currentTimeMillis() / 1000 - 5) * 1000 + 500;
        revoker.revokeUser(user, Instant.ofEpochMilli(cutoff), Instant.now().plusSeconds(600));
        refused(whoami(issuerToken(SECRET, user, id(), cutoff - 1, 300)), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(200, whoami(issuerToken(SECRET, user, id(), cutoff, 300)).status());
        assertEquals(200, whoami(issuerToken(SECRET, user, id(), cutoff + 1, 300)).status());
        // another issuer's whole-second iat in the cutoff's second lies before it: refused (fails safe)
        String whole = Tokens.jwt(user).jwtId(id()).issuedAt(new java.util.Date(cutoff - 500)).token();
        refused(whoami(whole), 401, "TOKEN_REVOKED", "token revoked");
        refused(whoami(millisecondToken(SECRET, user, id(), null, 300)), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(200, whoami(millisecondToken(SECRET, "other-" + id(), id(), null, 300)).status(),
            "no iat and no cutoff");
    }

    @Test
    void aCutoffRefusesOtherIssuersTokensUntilTheClockSkewAfterIt() {
        String user = "skew-" + id();
        long cutoff = System.currentTimeMillis() - 5_000;
        revoker.revokeUser(user, Instant.ofEpochMilli(cutoff), Instant.now().plusSeconds(600));
        long skew = 60_000;
        refused(whoami(millisecondToken(SECRET, user, id(), cutoff + 1, 300)), 401, "TOKEN_REVOKED", "token revoked");
        refused(whoami(millisecondToken(SECRET, user, id(), cutoff + skew - 1, 300)), 401, "TOKEN_REVOKED",
            "token revoked");
        assertEquals(200, whoami(millisecondToken(SECRET, user, id(), cutoff + skew, 300)).status());
        // another kid than TokenIssuer's earns no plain comparison
        refused(whoami(Tokens.hmacPayload(SECRET, "someone-else", "{\"sub\":\"" + user + "\",\"jti\":\"" + id()
            + "\",\"iat\":" + (cutoff / 1000 + 1) + ",\"exp\":" + (cutoff / 1000 + 300) + "}")), 401, "TOKEN_REVOKED",
            "token revoked");
    }

    @Test
    void aTokenLivingLongerThanRetainIsInvalid() {
        refused(whoami(millisecondToken(SECRET, "u3", id(), System.currentTimeMillis(), 3601)), 401,
            "INVALID_TOKEN", "token lives longer than fx.security.revocation.retain");
        assertEquals(200, whoami(millisecondToken(SECRET, "u3", id(), System.currentTimeMillis(), 3600)).status());
    }

    @Test
    void signatureAndClaimsComeBeforeTheStoreAndTheHookAfterIt() {
        int before = revoker.checks.get();
        refused(whoami(millisecondToken(SECRET.replace('0', 'x'), "u4", id(), System.currentTimeMillis(), 300)),
            401, "INVALID_TOKEN", "invalid signature");
        refused(whoami(millisecondToken(SECRET, "u4", id(), System.currentTimeMillis() - 3_000_000, 600)),
            401, "TOKEN_EXPIRED", "token expired");
        assertEquals(before, revoker.checks.get(), "a refused signature or claim never reaches the store");

        String jti = id();
        String suspended = Tokens.jwt("u4").jwtId(jti).claim("suspended", true).token();
        refused(whoami(suspended), 401, "INVALID_TOKEN", "account suspended");
        revoker.revokeToken(jti, Instant.now().plusSeconds(600));
        refused(whoami(suspended), 401, "TOKEN_REVOKED", "token revoked");
    }

    @Test
    void everyRequestIsCheckedOnceEvenWhenTheSignatureIsCached() {
        String token = token("u5", id());
        int before = revoker.checks.get();
        for (int i = 0; i < 3; i++) {
            assertEquals(200, whoami(token).status());
        }
        assertEquals(before + 3, revoker.checks.get());
    }

    @Test
    void aFailingStoreIs503WithAGenericMessage() {
        String token = token("u6", id());
        revoker.failing = true;
        try (LogCapture log = new LogCapture("io.fx.micronaut.security.jwt.RevocationCheck")) {
            Reply reply = whoami(token);
            refused(reply, 503, "REVOCATION_UNAVAILABLE", null);
            assertFalse(reply.text().contains("secret-host"), reply::toString);
            assertTrue(log.text().contains("the revocation store failed"), log.text());
            assertTrue(log.events().stream().anyMatch(e -> e.getThrowableProxy() != null
                && e.getThrowableProxy().getMessage().contains("secret-host")), "the cause is logged");
            Reply logout = post("/api/logout", token);
            refused(logout, 503, "REVOCATION_UNAVAILABLE", null);
            assertFalse(logout.text().contains("secret-host"), logout::toString);
        } finally {
            revoker.failing = false;
        }
        assertEquals(200, whoami(token).status());
    }

    @Test
    void logoutRevokesTheCallersTokenOnly() {
        String jti = id();
        String token = token("u7", jti);
        Reply reply = post("/api/logout", token);
        assertEquals(204, reply.status(), reply::toString);
        refused(whoami(token), 401, "TOKEN_REVOKED", "token revoked");
        refused(post("/api/logout", token), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(200, whoami(token("u7", id())).status(), "another token of the same user");
        assertTrue(revoker.tokenDeadline(jti).isAfter(Instant.now().plusSeconds(300)),
            "kept past exp by the clock skew, during which the token would still pass");
    }

    @Test
    void logoutWithAnApiKeyIsNotRevocable() {
        Reply reply = api.send("POST", "/api/logout", null, Map.of("X-API-Key", API_KEY));
        refused(reply, 401, "TOKEN_NOT_REVOCABLE", "the request carries no revocable token");
        assertEquals(401, api.send("POST", "/api/logout", null, Map.of()).status());
    }

    @Test
    void logoutAllCutsOffEveryEarlierTokenOfTheUserAndALoginRightAfterPasses() throws InterruptedException {
        String user = "all-" + id();
        String first = millisecondToken(SECRET, user, id(), System.currentTimeMillis() - 5, 300);
        String second = millisecondToken(SECRET, user, id(), System.currentTimeMillis() - 5, 300);
        String stranger = token("stranger-" + id(), id());
        assertEquals(204, post("/api/logout-all", first).status());
        refused(whoami(first), 401, "TOKEN_REVOKED", "token revoked");
        refused(whoami(second), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(200, whoami(stranger).status());
        Thread.sleep(2);
        assertEquals(200, whoami(issuer.issue(user, java.util.List.of(), null).token()).status(),
            "the module's own token issued after the cutoff");
        refused(whoami(token(user, id())), 401, "TOKEN_REVOKED", "token revoked");
    }

    @Test
    void theLogoutActionsAreDocumented() {
        // no anonymous reads here, so the document needs a credential too (fx.openapi.access: as-reads)
        assertEquals(401, api.get("/api/openapi.json").status());
        Reply reply = api.send("GET", "/api/openapi.json", null,
            Map.of("Authorization", "Bearer " + token("reader", id())));
        assertEquals(200, reply.status(), reply::toString);
        @SuppressWarnings("unchecked")
        Map<String, Object> paths = (Map<String, Object>) reply.body().get("paths");
        assertTrue(paths.containsKey("/api/logout"), paths.keySet()::toString);
        assertTrue(paths.containsKey("/api/logout-all"), paths.keySet()::toString);
        assertTrue(reply.text().contains("TOKEN_NOT_REVOCABLE"), "the logout description names its codes");
        assertTrue(reply.text().contains("FxRevocationUnavailable"), "model operations document the 503");
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        CountingRevoker revoker() {
            return new CountingRevoker();
        }

        @Singleton
        TokenHook suspended() {
            return (RequestContext context, Map<String, Object> claims, AuthInfo principal) -> {
                if (Boolean.TRUE.equals(claims.get("suspended"))) {
                    throw new TokenRejectedException("account suspended");
                }
                return principal;
            };
        }
    }
}
