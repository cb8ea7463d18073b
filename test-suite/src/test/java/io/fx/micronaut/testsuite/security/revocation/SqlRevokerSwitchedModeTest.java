package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.security.revocation.SqlRevoker;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The {@link Revoker} contract on the SQL store in the mode that is not the database's default, chosen with
 * {@code fx.security.revocation.sql.lookups-in-flight}: one statement per check on PostgreSQL, two batched
 * lookups at once on H2. With {@link SqlRevokerTest}, both modes run on both databases.
 */
@MicronautTest(environments = "test", transactional = false, startApplication = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlRevokerSwitchedModeTest extends RevokerContract implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        return Map.of("spec.name", "SqlRevokerSwitchedModeTest",
            "fx.security.revocation.store", "sql",
            "fx.security.revocation.sql.table-prefix", "rm_",
            "fx.security.revocation.sql.sweep-every", "0",
            "fx.security.revocation.sql.lookups-in-flight", switchedMode());
    }

    static String switchedMode() {
        return Databases.isPostgres() ? "0" : "2";
    }

    @Test
    void theSwitchedModeIsInEffect() {
        assertEquals(Integer.parseInt(switchedMode()), ((SqlRevoker) revoker).lookupsInFlight());
    }
}
