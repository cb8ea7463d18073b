package io.fx.micronaut.testsuite.startup;

import io.fx.micronaut.testsuite.support.Failures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Outside the events executions micronaut-email is not on the classpath (see test-suite/pom.xml): an
 * {@code fx.events.email} entry then fails startup rather than mailing nothing.
 */
class EmailWithoutMicronautEmailTest {

    @Test
    void anEmailEntryWithoutMicronautEmailFailsStartup() {
        boolean present;
        try {
            Class.forName("io.micronaut.email.EmailSender");
            present = true;
        } catch (ClassNotFoundException e) {
            present = false;
        }
        Assumptions.assumeFalse(present, "micronaut-email is on this execution's classpath");
        Failures.assertStartupFailure("fx.events.email.ops is configured, but micronaut-email-javamail is not on the "
            + "classpath", "EmailWithoutMicronautEmail", "fx.events.email.ops.to", "ops@example.com",
            "fx.events.email.ops.subject", "s", "fx.events.email.ops.body", "b");
    }
}
