package io.fx.micronaut.testsuite.events.audit;

import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/** Bounded waits of the audit tests. */
final class Waits {

    private Waits() {
    }

    /** Waits up to 10 s for the condition, failing with the description. */
    static void until(BooleanSupplier condition, String description) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within 10 s: " + description);
            }
            Thread.sleep(20);
        }
    }
}
