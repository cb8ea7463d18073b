package io.fx.micronaut.testsuite.security.login;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.RawHttp.Answer;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * {@link io.fx.micronaut.security.login.LoginAttempts} counting beside the SQL revocation store (H2 and PostgreSQL
 * runs): two instances on one database share the counts, the table is the documented one, and a table that is
 * gone refuses logins with 503 {@code LOGIN_ATTEMPTS_UNAVAILABLE} until it is back.
 */
@TestDatabase
class SqlLoginAttemptsTest extends LoginAttemptsContract {

    private Map<String, Object> configuration;

    @Override
    protected Map<String, Object> configuration() {
        if (configuration == null) {
            configuration = Databases.config(getClass().getSimpleName(), "fx.security.revocation.store", "sql",
                "fx.security.revocation.sql.table-prefix", "la_", "fx.security.revocation.timeout", "700ms");
        }
        return configuration;
    }

    @Test
    void twoInstancesOnOneDatabaseShareTheCounts() {
        String user = failHereAndTryOnAnotherInstance();
        DataStore store = server.getApplicationContext().getBean(DataStore.class);
        List<Map<String, Object>> rows = store.query("SELECT failures FROM la_login_failure WHERE attempt_key = ?",
            List.of("account:" + user));
        assertEquals(ACCOUNT, ((Number) rows.get(0).get("failures")).intValue(), rows::toString);
    }

    @Test
    void aTableThatIsGoneRefusesLoginsWith503() {
        DataStore store = server.getApplicationContext().getBean(DataStore.class);
        String user = account("user");
        store.execute("ALTER TABLE la_login_failure RENAME TO la_login_failure_gone", List.of());
        try {
            Answer refused = login(newAddress(), user, "right");
            assertEquals(503, refused.status(), refused::toString);
            assertEquals("LOGIN_ATTEMPTS_UNAVAILABLE", error(refused).get("code"));
            assertFalse(refused.body().contains("la_login"), refused::toString);
        } finally {
            store.execute("ALTER TABLE la_login_failure_gone RENAME TO la_login_failure", List.of());
        }
        assertEquals(200, login(newAddress(), user, "right").status());
    }
}
