package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.exception.FxException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-request deadline against a real H2 database: an expiry or a cancel stops the running
 * statement with {@code Statement.cancel} and answers TIMEOUT or CLIENT_CLOSED_REQUEST, zero means no
 * limit, a nested start leaves the outer deadline in force, and a wait it cuts short leaves no
 * interrupt behind.
 */
class SqlDeadlinesTest {

    /** Minutes of work for H2, checked for a cancel every 128 rows. */
    private static final String ENDLESS =
        "SELECT COUNT(*) FROM SYSTEM_RANGE(1, 100000) a, SYSTEM_RANGE(1, 100000) b WHERE a.X + b.X < 0";

    private static final H2Dialect H2 = new H2Dialect();
    private static final String PG_URL = System.getProperty("fx.test.postgres-url", "jdbc:postgresql://127.0.0.1:5432/test");

    private SqlDeadlines deadlines;
    private Connection connection;

    @BeforeEach
    void open() throws SQLException {
        deadlines = new SqlDeadlines(Duration.ofSeconds(30));
        connection = DriverManager.getConnection("jdbc:h2:mem:sql-deadlines", "sa", "");
    }

    @AfterEach
    void close() throws SQLException {
        connection.close();
        deadlines.close();
    }

    @Test
    void anExpiredDeadlineCancelsTheRunningStatement() throws SQLException {
        try (DatabaseDeadline started = deadlines.start(Duration.ofMillis(200))) {
            RequestDeadline deadline = deadlines.current();
            assertSame(started, deadline);
            assertTrue(deadline.limited());
            try (PreparedStatement ps = connection.prepareStatement(ENDLESS)) {
                deadline.running(ps, H2);
                SQLException e = assertThrows(SQLException.class, ps::executeQuery);
                assertEquals("57014", e.getSQLState());
            }
            FxException failure = deadline.failure(null);
            assertNotNull(failure);
            assertEquals("TIMEOUT", failure.getCode());
            assertThrows(FxException.class, () -> deadline.running(connection.prepareStatement("SELECT 1"), H2),
                "no statement starts after the deadline");
        }
        assertNull(deadlines.current(), "closing detaches the deadline from the thread");
    }

    @Test
    void withoutTheWheelTheWatchdogExpiresTheDeadline() throws SQLException {
        SqlDeadlines scheduled = new SqlDeadlines(Duration.ofSeconds(30), false);
        try (DatabaseDeadline started = scheduled.start(Duration.ofMillis(200));
             PreparedStatement ps = connection.prepareStatement(ENDLESS)) {
            RequestDeadline deadline = scheduled.current();
            deadline.running(ps, H2);
            SQLException e = assertThrows(SQLException.class, ps::executeQuery);
            assertEquals("57014", e.getSQLState());
            assertEquals("TIMEOUT", deadline.failure(null).getCode());
        } finally {
            scheduled.close();
        }
    }

    @Test
    void aCancelFromAnotherThreadStopsTheStatementAsClientClosed() throws Exception {
        try (DatabaseDeadline started = deadlines.start()) {
            RequestDeadline deadline = deadlines.current();
            Thread canceller = cancelLater(started, 200);
            try (PreparedStatement ps = connection.prepareStatement(ENDLESS)) {
                deadline.running(ps, H2);
                SQLException e = assertThrows(SQLException.class, ps::executeQuery);
                assertEquals("57014", e.getSQLState());
            }
            canceller.join(5000);
            assertEquals("CLIENT_CLOSED_REQUEST", deadline.failure(null).getCode());
            // later statements still start (a write then rolls back), but are cancelled once they run
            try (PreparedStatement ps = connection.prepareStatement(ENDLESS)) {
                deadline.running(ps, H2);
                assertEquals("57014", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
            }
        }
    }

    /**
     * A PostgreSQL cancel can be lost: the server drops one that arrives while it still reads the
     * statement, and the driver sends only one per execution. Here the statement itself swallows the
     * first cancel and sleeps on, as a dropped cancel would leave it; the deadline's next cancel, sent to
     * the connection, stops it within a few hundred milliseconds, long before the server's own limit.
     */
    @Test
    void aPostgresStatementThatOutlivesItsFirstCancelIsCancelledAgain() throws Exception {
        try (Connection postgres = DriverManager.getConnection(PG_URL, "postgres", "");
             DatabaseDeadline started = deadlines.start()) {
            RequestDeadline deadline = deadlines.current();
            try (Statement session = postgres.createStatement()) {
                // the server's own limit ends the test's statement should the second cancel not
                session.execute("SET statement_timeout = '20s'");
            }
            try (PreparedStatement ps = postgres.prepareStatement("DO $$ BEGIN "
                + "BEGIN PERFORM pg_sleep(300); EXCEPTION WHEN query_canceled THEN NULL; END; "
                + "PERFORM pg_sleep(300); END $$")) {
                deadline.running(ps, new PostgresDialect());
                Thread canceller = cancelLater(started, 300);
                long start = System.nanoTime();
                SQLException e = assertThrows(SQLException.class, ps::execute);
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals("57014", e.getSQLState());
                assertTrue(millis < 10_000, "cancelled again after " + millis + " ms");
                canceller.join(5000);
            }
            assertEquals("CLIENT_CLOSED_REQUEST", deadline.failure(null).getCode());
        }
    }

    @Test
    void zeroMeansNoLimit() {
        try (DatabaseDeadline ignored = deadlines.start(Duration.ZERO)) {
            RequestDeadline deadline = deadlines.current();
            assertFalse(deadline.limited());
            assertEquals(Long.MAX_VALUE, deadline.remainingNanos());
            assertNull(deadline.failure(null));
        }
    }

    @Test
    void aNestedStartKeepsTheOuterDeadline() {
        try (DatabaseDeadline outer = deadlines.start(Duration.ofSeconds(5))) {
            try (DatabaseDeadline inner = deadlines.start(Duration.ofMillis(1))) {
                assertSame(outer, deadlines.current());
            }
            assertSame(outer, deadlines.current(), "closing the nested handle changes nothing");
            assertTrue(deadlines.current().remainingNanos() > TimeUnit.SECONDS.toNanos(1));
        }
    }

    @Test
    void aWaitCutShortLeavesNoInterruptBehind() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Thread holder = new Thread(lock::lock);
        holder.start();
        holder.join();
        try (DatabaseDeadline ignored = deadlines.start(Duration.ofMillis(200))) {
            RequestDeadline deadline = deadlines.current();
            deadline.beginWait(TimeUnit.MILLISECONDS.toNanos(100));
            assertThrows(InterruptedException.class, lock::lockInterruptibly, "the wait's own limit interrupts it");
            deadline.endWait();
            assertTrue(deadline.waitCutShort());
            assertFalse(Thread.currentThread().isInterrupted());
            deadline.beginWait(Long.MAX_VALUE);
            assertThrows(InterruptedException.class, () -> lock.tryLock(10, TimeUnit.SECONDS), "the expiry interrupts it");
            deadline.endWait();
            assertFalse(Thread.currentThread().isInterrupted());
            assertEquals("TIMEOUT", deadline.failure(null).getCode());
        }
    }

    /** Cancels the deadline from another thread after a pause, as a client that goes away would. */
    private static Thread cancelLater(DatabaseDeadline deadline, long millis) {
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                return;
            }
            deadline.cancel();
        });
        canceller.start();
        return canceller;
    }
}
