package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/**
 * {@link SqlRevocationTest} through the server in the SQL store's other mode
 * ({@code fx.security.revocation.sql.lookups-in-flight}): one statement per check on PostgreSQL, batched on H2,
 * so logout, the missing table and the lookup outliving the timeout are covered in both modes on both databases.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class SqlRevocationSwitchedModeTest extends SqlRevocationTest {

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return super.configure(config).revocation("sql.lookups-in-flight", SqlRevokerSwitchedModeTest.switchedMode());
    }
}
