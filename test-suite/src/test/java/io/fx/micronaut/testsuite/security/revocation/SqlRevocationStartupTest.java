package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SQL store's startup: a bad table prefix or number of lookups in flight fails naming the key, two instances migrating the same database at
 * once both come up, and an instance sweeps the expired rows every {@code sweep-every} writes.
 */
@TestDatabase
class SqlRevocationStartupTest {

    static final String SPEC = "SqlRevocationStartupTest";

    @Test
    void aTablePrefixOutsideTheAlphabetFails() {
        assertStartupFailure("fx.security.revocation.sql.table-prefix 'Bad-Prefix'", SPEC,
            "fx.security.jwt.secret", SECRET,
            "fx.security.revocation.store", "sql", "fx.security.revocation.sql.table-prefix", "Bad-Prefix");
    }

    @Test
    void lookupsInFlightOutsideZeroToSixteenFail() {
        for (String inFlight : List.of("-1", "17")) {
            String message = Failures.startupFailure(SPEC, "fx.security.jwt.secret", SECRET,
                "fx.security.revocation.store", "sql", "fx.security.revocation.sql.lookups-in-flight", inFlight);
            assertTrue(message.contains("fx.security.revocation.sql.lookups-in-flight must be 0 to 16, not " + inFlight),
                message);
        }
    }

    @Test
    void twoInstancesMigratingAtOnceBothComeUp() throws Exception {
        Map<String, Object> config = Databases.config(SPEC, "fx.security.revocation.store", "sql",
            "fx.security.revocation.sql.table-prefix", "cc_");
        List<ApplicationContext> contexts = new ArrayList<>();
        try {
            contexts.add(ApplicationContext.run(config));
            contexts.add(ApplicationContext.run(config));
            CountDownLatch go = new CountDownLatch(1);
            List<CompletableFuture<Revoker>> started = new ArrayList<>();
            for (ApplicationContext context : contexts) {
                started.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    return context.getBean(Revoker.class);
                }));
            }
            go.countDown();
            Revoker first = started.get(0).get();
            Revoker second = started.get(1).get();
            first.revokeToken("cc-jti", Instant.now().plusSeconds(60));
            assertTrue(second.isTokenRevoked("cc-jti"), "both instances share the tables");
        } finally {
            contexts.forEach(ApplicationContext::close);
        }
    }

    @Test
    void everySweepEveryWritesTheExpiredRowsAreDeleted() {
        try (ApplicationContext context = ApplicationContext.run(Databases.config(SPEC, "fx.security.revocation.store", "sql",
            "fx.security.revocation.sql.table-prefix", "sw_", "fx.security.revocation.sql.sweep-every", "3"))) {
            Revoker revoker = context.getBean(Revoker.class);
            DataStore store = context.getBean(DataStore.class);
            revoker.revokeToken("sw-old-1", Instant.now().minusSeconds(5));
            revoker.revokeUser("sw-user", Instant.now().minusSeconds(10), Instant.now().minusSeconds(5));
            assertEquals(1, store.query("SELECT jti FROM sw_revoked_token", List.of()).size(), "not yet swept");
            revoker.revokeToken("sw-live", Instant.now().plusSeconds(60));
            assertEquals(List.of(Map.of("jti", "sw-live")), store.query("SELECT jti FROM sw_revoked_token", List.of()));
            assertEquals(List.of(), store.query("SELECT user_id FROM sw_revoked_user", List.of()));
        }
    }
}
