package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link SqlRevocationTest} through the server in the SQL store's other mode
 * ({@code fx.security.revocation.sql.lookups-in-flight}): one statement per check on PostgreSQL, batched on H2,
 * so logout, the missing table and the lookup outliving the timeout are covered in both modes on both databases.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlRevocationSwitchedModeTest extends SqlRevocationTest {

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(super.getProperties());
        properties.put("fx.security.revocation.sql.lookups-in-flight", SqlRevokerSwitchedModeTest.switchedMode());
        return properties;
    }
}
