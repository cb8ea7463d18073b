package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.micronaut.json.tree.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

class JobWorkersTest {

    private final JobWorkers workers = new JobWorkers(1);
    private final Job job = new Job("j", "t", JsonNode.nullNode(), 1);

    @AfterEach
    void close() {
        workers.close(Duration.ofSeconds(1));
    }

    private static JobHandler handler(JobCall call) {
        return new JobHandler() {
            @Override
            public String type() {
                return "t";
            }

            @Override
            public void handle(Job job) throws Exception {
                call.run();
            }
        };
    }

    @Test
    void aReturningHandlerSucceeds() {
        assertNull(workers.attempt(handler(() -> { }), job, Duration.ofSeconds(5)));
    }

    @Test
    void aThrowingHandlerFailsWithItsMessageOnly() {
        assertEquals("boom", workers.attempt(handler(() -> {
            throw new IllegalStateException("boom");
        }), job, Duration.ofSeconds(5)));
        assertEquals("java.lang.IllegalStateException", workers.attempt(handler(() -> {
            throw new IllegalStateException();
        }), job, Duration.ofSeconds(5)));
    }

    @Test
    void aHandlerPastTheTimeoutIsInterruptedAndFails() {
        long began = System.nanoTime();
        assertEquals("timed out after PT0.1S", workers.attempt(handler(() -> Thread.sleep(10_000)), job,
            Duration.ofMillis(100)));
        assertFalse(Thread.currentThread().isInterrupted(), "the caller's thread is not left interrupted");
        assertEquals(true, System.nanoTime() - began < 5_000_000_000L);
    }

    /** A handler's body. */
    @FunctionalInterface
    interface JobCall {
        void run() throws Exception;
    }
}
