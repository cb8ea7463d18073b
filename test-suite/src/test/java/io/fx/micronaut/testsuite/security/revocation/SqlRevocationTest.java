package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.security.WhoAmI;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
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

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Revocation on the SQL store through the server (H2 and PostgreSQL runs): logout and logout-all, and the
 * store failing closed with 503 {@code REVOCATION_UNAVAILABLE} when its table is gone or a lookup outlives
 * {@code fx.security.revocation.timeout}.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlRevocationTest implements TestPropertyProvider {

    static final String SPEC = "SqlRevocationTest";
    static final String SECRET = RevocationTest.SECRET;

    @Inject
    EmbeddedServer server;
    @Inject
    JsonMapper json;
    @Inject
    DataStore store;
    Api api;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("spec.name", SPEC,
            "fx.security.jwt.secret", SECRET,
            "fx.security.revocation.store", "sql",
            "fx.security.revocation.timeout", "700ms",
            "fx.security.revocation.sql.table-prefix", "sr_");
    }

    @BeforeAll
    void start() {
        api = new Api(server, json);
    }

    private Reply send(String method, String path, String token) {
        return api.send(method, path, null, Map.of("Authorization", "Bearer " + token));
    }

    private static String token(String user) {
        return RevocationTest.token(user, RevocationTest.id());
    }

    @Test
    void logoutAndLogoutAllWriteTheTables() {
        String token = token("s1");
        assertEquals(200, send("GET", "/api/whoami", token).status());
        assertEquals(204, send("POST", "/api/logout", token).status());
        RevocationTest.refused(send("GET", "/api/whoami", token), 401, "TOKEN_REVOKED", "token revoked");

        String user = "s2-" + RevocationTest.id();
        String first = RevocationTokens.token(SECRET, user, RevocationTest.id(), System.currentTimeMillis() - 5, 300);
        assertEquals(204, send("POST", "/api/logout-all", first).status());
        RevocationTest.refused(send("GET", "/api/whoami", first), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(1, store.query("SELECT user_id FROM sr_revoked_user WHERE user_id = ?", List.of(user)).size());
    }

    @Test
    void tokensWithIdentifiersLongerThanAColumnCanBeRevoked() {
        String jti = RevocationTest.id() + "j".repeat(300);
        String token = RevocationTokens.token(SECRET, "s5", jti, System.currentTimeMillis(), 300);
        assertEquals(200, send("GET", "/api/whoami", token).status());
        Reply logout = send("POST", "/api/logout", token);
        assertEquals(204, logout.status(), logout::toString);
        RevocationTest.refused(send("GET", "/api/whoami", token), 401, "TOKEN_REVOKED", "token revoked");

        String user = "s6-" + RevocationTest.id() + "u".repeat(300);
        String first = RevocationTokens.token(SECRET, user, RevocationTest.id(), System.currentTimeMillis() - 5, 300);
        Reply logoutAll = send("POST", "/api/logout-all", first);
        assertEquals(204, logoutAll.status(), logoutAll::toString);
        RevocationTest.refused(send("GET", "/api/whoami", first), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(1, store.query("SELECT user_id FROM sr_revoked_user WHERE user_id LIKE 'sha256:%'", List.of()).size(),
            "kept as the digest of the id");
    }

    @Test
    void aMissingTableIs503AndTheStoreRecoversWhenItIsBack() {
        String token = token("s3");
        store.execute("ALTER TABLE sr_revoked_token RENAME TO sr_revoked_token_gone", List.of());
        try {
            Reply reply = send("GET", "/api/whoami", token);
            RevocationTest.refused(reply, 503, "REVOCATION_UNAVAILABLE", null);
            assertTrue(!reply.text().contains("sr_revoked"), reply::toString);
            RevocationTest.refused(send("POST", "/api/logout", token), 503, "REVOCATION_UNAVAILABLE", null);
        } finally {
            store.execute("ALTER TABLE sr_revoked_token_gone RENAME TO sr_revoked_token", List.of());
        }
        assertEquals(200, send("GET", "/api/whoami", token).status());
    }

    @Test
    void aLookupOutlivingTheTimeoutIs503WithinIt() throws Exception {
        String token = token("s4");
        try (Connection blocker = Databases.connect(getClass().getSimpleName()); Statement statement = blocker.createStatement()) {
            if (Databases.isPostgres()) {
                blocker.setAutoCommit(false);
                statement.execute("LOCK TABLE sr_revoked_user IN ACCESS EXCLUSIVE MODE");
            } else {
                statement.execute("SET EXCLUSIVE 1");
            }
            try {
                long started = System.nanoTime();
                RevocationTest.refused(send("GET", "/api/whoami", token), 503, "REVOCATION_UNAVAILABLE", null);
                long millis = (System.nanoTime() - started) / 1_000_000;
                assertTrue(millis >= 600 && millis < 3000, "answered after " + millis + " ms");
            } finally {
                if (Databases.isPostgres()) {
                    blocker.rollback();
                } else {
                    statement.execute("SET EXCLUSIVE 0");
                }
            }
        }
        assertEquals(200, send("GET", "/api/whoami", token).status());
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        Action whoami() {
            return WhoAmI.action(ActionAccess.PROTECTED);
        }
    }
}
