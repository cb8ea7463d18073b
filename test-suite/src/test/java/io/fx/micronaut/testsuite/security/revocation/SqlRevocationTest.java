package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.security.support.Refusals;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import static io.fx.micronaut.testsuite.security.support.Refusals.refused;
import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.security.support.Tokens.id;
import static io.fx.micronaut.testsuite.security.support.Tokens.millisecondToken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Revocation on the SQL store through the server (H2 and PostgreSQL runs): logout and logout-all, and the
 * store failing closed with 503 {@code REVOCATION_UNAVAILABLE} when its table is gone or a lookup outlives
 * {@code fx.security.revocation.timeout}.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class SqlRevocationTest extends SecurityServerTest {

    @Inject
    DataStore store;

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.revocation("store", "sql").revocation("timeout", "700ms")
            .revocation("sql.table-prefix", "sr_").whoAmI(ActionAccess.PROTECTED);
    }

    private Reply send(String method, String path, String token) {
        return api.withBearer(token).send(method, path, null);
    }

    private static String token(String user) {
        return millisecondToken(SECRET, user);
    }

    @Test
    void logoutAndLogoutAllWriteTheTables() {
        String token = token("s1");
        assertEquals(200, send("GET", "/api/whoami", token).status());
        assertEquals(204, send("POST", "/api/logout", token).status());
        refused(send("GET", "/api/whoami", token), 401, "TOKEN_REVOKED", "token revoked");

        String user = "s2-" + id();
        String first = millisecondToken(SECRET, user, id(), System.currentTimeMillis() - 5, 300);
        assertEquals(204, send("POST", "/api/logout-all", first).status());
        refused(send("GET", "/api/whoami", first), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(1, store.query("SELECT user_id FROM sr_revoked_user WHERE user_id = ?", List.of(user)).size());
    }

    @Test
    void tokensWithIdentifiersLongerThanAColumnCanBeRevoked() {
        String jti = Tokens.id() + "j".repeat(300);
        String token = Tokens.millisecondToken(SECRET, "s5", jti, System.currentTimeMillis(), 300);
        assertEquals(200, send("GET", "/api/whoami", token).status());
        Reply logout = send("POST", "/api/logout", token);
        assertEquals(204, logout.status(), logout::toString);
        Refusals.refused(send("GET", "/api/whoami", token), 401, "TOKEN_REVOKED", "token revoked");

        String user = "s6-" + Tokens.id() + "u".repeat(300);
        String first = Tokens.millisecondToken(SECRET, user, Tokens.id(), System.currentTimeMillis() - 5, 300);
        Reply logoutAll = send("POST", "/api/logout-all", first);
        assertEquals(204, logoutAll.status(), logoutAll::toString);
        Refusals.refused(send("GET", "/api/whoami", first), 401, "TOKEN_REVOKED", "token revoked");
        assertEquals(1, store.query("SELECT user_id FROM sr_revoked_user WHERE user_id LIKE 'sha256:%'", List.of()).size(),
            "kept as the digest of the id");
    }

    @Test
    void aMissingTableIs503AndTheStoreRecoversWhenItIsBack() {
        String token = token("s3");
        store.execute("ALTER TABLE sr_revoked_token RENAME TO sr_revoked_token_gone", List.of());
        try {
            Reply reply = send("GET", "/api/whoami", token);
            refused(reply, 503, "REVOCATION_UNAVAILABLE", null);
            assertTrue(!reply.text().contains("sr_revoked"), reply::toString);
            refused(send("POST", "/api/logout", token), 503, "REVOCATION_UNAVAILABLE", null);
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
                refused(send("GET", "/api/whoami", token), 503, "REVOCATION_UNAVAILABLE", null);
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
}
