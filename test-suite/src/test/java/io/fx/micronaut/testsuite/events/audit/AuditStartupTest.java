package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What fails startup, naming what is wrong: a sink name that matches no sink, the {@code redis} sink without a
 * Redis, an operation a kind does not have, a model that does not exist, and the middleware where they cannot work.
 */
@TestDatabase
class AuditStartupTest {

    private static final String SPEC = "AuditStartupTest";

    @Test
    void anUnknownSinkFailsStartupNamingTheKey() {
        String write = Failures.assertStartupFailure("fx.audit.write.sink", SPEC, "fx.audit.write.sink", "syslog");
        assertTrue(write.contains("'syslog'"), write);
        String read = Failures.assertStartupFailure("fx.audit.read.sink", SPEC, "fx.audit.read.sink", "kafka");
        assertTrue(read.contains("'kafka'"), read);
    }

    @Test
    void theRedisSinkWithoutARedisFailsStartup() {
        Failures.assertStartupFailure("redis.uri", SPEC, "fx.audit.read.sink", "redis");
    }

    @Test
    void anOperationOrModelThatIsNoneFailsStartup() {
        String operation = Failures.assertStartupFailure("fx.audit.write.operations", SPEC,
            "fx.audit.write.models", "AuditMemo", "fx.audit.write.operations", "create,read");
        assertTrue(operation.contains("'read'"), operation);
        String readOperation = Failures.assertStartupFailure("fx.audit.read.operations", SPEC,
            "fx.audit.read.models", "AuditMemo", "fx.audit.read.operations", "list,delete");
        assertTrue(readOperation.contains("'delete'"), readOperation);
        Failures.assertStartupFailure("NoSuchModel", SPEC, "fx.audit.write.models", "NoSuchModel");
    }

    @Test
    void misplacedMiddlewareFailStartup() {
        Failures.assertStartupFailure("FxAudit.auditLog() is registered on the DB step at position BEFORE", SPEC,
            "audit-test.misplace", "write-before");
        Failures.assertStartupFailure("FxAudit.auditLog() is registered on the SERVICE step", SPEC,
            "audit-test.misplace", "write-on-service");
        Failures.assertStartupFailure("FxAudit.readAudit() is registered on the RESPONSE step at position BEFORE",
            SPEC, "audit-test.misplace", "read-before");
        Failures.assertStartupFailure("FxAudit.readAudit() is registered on the DB step", SPEC,
            "audit-test.misplace", "read-on-db");
    }
}
