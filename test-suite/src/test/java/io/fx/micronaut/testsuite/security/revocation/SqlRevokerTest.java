package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.security.revocation.PrunedRevocations;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.security.revocation.SqlRevoker;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@link Revoker} contract on the SQL store (H2 and PostgreSQL runs), with a table prefix and no sweep,
 * plus the migration run again and {@link SqlRevoker#prune()}, in the store's default mode for the database:
 * checks batched on PostgreSQL, one statement each on H2 ({@link SqlRevokerSwitchedModeTest} runs the other).
 */
@MicronautTest(environments = "test", transactional = false, startApplication = false)
@TestDatabase
@Property(name = "spec.name", value = "SqlRevokerTest")
@Property(name = "fx.security.revocation.store", value = "sql")
@Property(name = "fx.security.revocation.sql.table-prefix", value = "rt_")
@Property(name = "fx.security.revocation.sql.sweep-every", value = "0")
class SqlRevokerTest extends RevokerContract {

    @Inject
    Revoker revoker;
    @Inject
    DataStore store;

    private int rows(String table, String column, String id) {
        return store.query("SELECT " + column + " FROM " + table + " WHERE " + column + " = ?", List.of(id)).size();
    }

    @Test
    void theStoreIsTheSqlOneOnPrefixedTables() {
        assertTrue(revoker instanceof SqlRevoker, revoker.getClass().getName());
        String jti = id("jti");
        revoker.revokeToken(jti, inOneHour());
        assertEquals(1, rows("rt_revoked_token", "jti", jti));
    }

    @Test
    void checksAreBatchedOnADatabaseServerAndRunOneByOneOnAnEmbeddedDatabase() {
        assertEquals(!Databases.isPostgres(), store.isEmbedded());
        assertEquals(Databases.isPostgres() ? 1 : 0, ((SqlRevoker) revoker).lookupsInFlight());
    }

    @Test
    void theMigrationRunsAgainWithoutLosingAnything() {
        String jti = id("jti");
        revoker.revokeToken(jti, inOneHour());
        ((SqlRevoker) revoker).migrate();
        ((SqlRevoker) revoker).migrate();
        assertTrue(revoker.isTokenRevoked(jti));
    }

    @Test
    void pruneDeletesTheRowsPastTheirDeadlineOnly() {
        String expired = id("jti");
        String live = id("jti");
        String user = id("user");
        revoker.revokeToken(expired, Instant.now().minusSeconds(5));
        revoker.revokeToken(live, inOneHour());
        revoker.revokeUser(user, Instant.now().minusSeconds(10), Instant.now().minusSeconds(5));
        assertEquals(1, rows("rt_revoked_token", "jti", expired), "kept until pruned, though no longer answered");
        PrunedRevocations pruned = ((SqlRevoker) revoker).prune();
        assertTrue(pruned.tokens() >= 1 && pruned.users() >= 1, pruned::toString);
        assertEquals(0, rows("rt_revoked_token", "jti", expired));
        assertEquals(0, rows("rt_revoked_user", "user_id", user));
        assertEquals(1, rows("rt_revoked_token", "jti", live));
        assertEquals(new PrunedRevocations(0, 0), ((SqlRevoker) revoker).prune());
    }

    @Test
    void aRowPastItsDeadlineIsRevivedByANewRevocation() {
        String user = id("user");
        revoker.revokeUser(user, Instant.now().minusSeconds(10), Instant.now().minusSeconds(5));
        Instant cutoff = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        revoker.revokeUser(user, cutoff, inOneHour());
        assertEquals(Optional.of(cutoff), revoker.userCutoff(user));
        Map<String, Object> row = store.query("SELECT cutoff, retain_until FROM rt_revoked_user WHERE user_id = ?",
            List.of(user)).get(0);
        assertEquals(cutoff, row.get("cutoff"));
    }
}
