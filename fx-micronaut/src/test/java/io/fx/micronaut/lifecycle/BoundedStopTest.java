package io.fx.micronaut.lifecycle;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoundedStopTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger("fx.test.bounded-stop");
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
        logger.setLevel(Level.DEBUG);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
        logger.setLevel(null);
    }

    @Test
    void aStepThatNeverCompletesIsWaitedForTheBoundAndWarned() {
        boolean stopped = assertTimeoutPreemptively(Duration.ofSeconds(5),
            () -> BoundedStop.await(new CompletableFuture<Void>(), Duration.ofMillis(200), logger, "the test client"));

        assertFalse(stopped);
        assertEquals(1, lines.list.size());
        assertEquals(Level.WARN, lines.list.get(0).getLevel());
        assertEquals("the test client did not stop within 200 ms; it is left to end on its own",
            lines.list.get(0).getFormattedMessage());
    }

    @Test
    void aStepThatCompletesReturnsAtOnceWithoutALine() {
        assertTrue(BoundedStop.await(CompletableFuture.completedFuture(null), Duration.ofSeconds(30), logger, "x"));
        assertTrue(lines.list.isEmpty());
    }

    @Test
    void aStepThatFailsHasStoppedAndIsLoggedAtDebugLevel() {
        boolean stopped = BoundedStop.await(CompletableFuture.failedFuture(new IllegalStateException("closed twice")),
            Duration.ofSeconds(30), logger, "the test client");

        assertTrue(stopped);
        assertEquals(Level.DEBUG, lines.list.get(0).getLevel());
        assertEquals("the test client failed to stop cleanly", lines.list.get(0).getFormattedMessage());
    }

    @Test
    void anInterruptedWaitReturnsAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            assertFalse(BoundedStop.await(new CompletableFuture<Void>(), Duration.ofSeconds(30), logger, "x"));
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
