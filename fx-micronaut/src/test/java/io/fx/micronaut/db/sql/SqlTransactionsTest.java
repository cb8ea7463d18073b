package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.db.TransactionRequiredException;
import io.fx.micronaut.exception.FxException;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.type.Argument;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SqlTransactions} on an in-memory H2 database, with the transaction manager and the pool of an
 * application context that starts no server: reruns after serialisation failures and deadlocks, no
 * nesting, after-commit and after-rollback callbacks, and waits for a connection or the write lock that
 * the request's deadline bounds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlTransactionsTest {

    /** Hikari's shortest connection timeout: one pool wait ends well within each deadline below. */
    private static final int POOL_WAIT_MILLIS = 250;
    private static final int POOL_SIZE = 2;

    private ApplicationContext context;
    private DataSource pool;
    private SqlDeadlines deadlines;
    private SqlTransactions transactions;

    @BeforeAll
    void start() {
        context = ApplicationContext.run(Map.of(
            "datasources.default.url", "jdbc:h2:mem:sql-transactions;DB_CLOSE_DELAY=-1",
            "datasources.default.driver-class-name", "org.h2.Driver",
            "datasources.default.username", "sa",
            "datasources.default.password", "",
            "datasources.default.maximum-pool-size", POOL_SIZE,
            "datasources.default.connection-timeout", POOL_WAIT_MILLIS));
        pool = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
        deadlines = new SqlDeadlines(Duration.ZERO);
        transactions = new SqlTransactions(context.getBean(Argument.of(TransactionOperations.class, Connection.class)),
            pool, pool, true, deadlines, new DatabaseAvailability());
    }

    @AfterAll
    void stop() {
        deadlines.close();
        context.close();
    }

    @BeforeEach
    void emptyTable() {
        transactions.write(connection -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE IF NOT EXISTS probe (note VARCHAR(20))");
                return statement.executeUpdate("DELETE FROM probe");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @AfterEach
    void noDeadlineLeftOnTheThread() {
        assertEquals(null, deadlines.current());
    }

    @Test
    void aSerializationFailureOrDeadlockRerunsTheWholeWork() {
        for (String state : List.of("40001", "40P01")) {
            AtomicInteger attempts = new AtomicInteger();
            String result = transactions.begin(() -> {
                insert("attempt " + attempts.incrementAndGet());
                if (attempts.get() < SqlTransactions.MAX_ATTEMPTS) {
                    throw failure(state);
                }
                return "done";
            });
            assertEquals("done", result, state);
            assertEquals(SqlTransactions.MAX_ATTEMPTS, attempts.get(), state);
            assertEquals(List.of("attempt " + SqlTransactions.MAX_ATTEMPTS), notes(), "each failed attempt rolled back");
            emptyTable();
        }
    }

    @Test
    void aTransactionThatKeepsConflictingAnswersConflictAfterTheLastAttempt() {
        AtomicInteger attempts = new AtomicInteger();
        SQLException serialization = new SQLException("could not serialize access", "40001");
        FxException conflict = assertThrows(FxException.class, () -> transactions.begin(() -> {
            attempts.incrementAndGet();
            throw new IllegalStateException("statement failed", serialization);
        }));
        assertEquals(SqlTransactions.MAX_ATTEMPTS, attempts.get());
        assertEquals(409, conflict.getStatus());
        assertEquals("CONFLICT", conflict.getCode());
        assertSame(serialization, conflict.getCause().getCause(), "the last failure is the cause");
    }

    @Test
    void otherFailuresPropagateUnchangedAfterOneAttempt() {
        for (RuntimeException thrown : List.of(new IllegalStateException("bug"),
            new IllegalStateException("duplicate", new SQLException("unique violation", "23505")))) {
            AtomicInteger attempts = new AtomicInteger();
            RuntimeException e = assertThrows(RuntimeException.class, () -> transactions.begin(() -> {
                attempts.incrementAndGet();
                insert("x");
                throw thrown;
            }));
            assertSame(thrown, e);
            assertEquals(1, attempts.get());
            assertEquals(List.of(), notes(), "rolled back");
        }
    }

    @Test
    void aCallersWriteRetriesLikewiseAndRollsBackWhenTheCallerLeft() {
        AtomicInteger attempts = new AtomicInteger();
        assertEquals(2, (int) transactions.write(connection -> {
            if (attempts.incrementAndGet() == 1) {
                throw failure("40P01");
            }
            return attempts.get();
        }, () -> false, WriteCommit.MANAGED));

        FxException gone = assertThrows(FxException.class,
            () -> transactions.write(connection -> insert(connection, "late"), () -> true, WriteCommit.MANAGED));
        assertEquals("CLIENT_CLOSED_REQUEST", gone.getCode());
        assertEquals(499, gone.getStatus());
        assertEquals(List.of(), notes(), "the write was rolled back, not committed");
    }

    @Test
    void transactionsDoNotNestButWritesAndReadsJoinTheActiveOne() {
        List<Connection> seen = new ArrayList<>();
        FxException nested = assertThrows(FxException.class, () -> transactions.begin(() -> {
            assertTrue(transactions.active());
            transactions.write(connection -> seen.add(connection) && insert(connection, "joined"), () -> false, WriteCommit.MANAGED);
            transactions.read(seen::add);
            return transactions.begin(() -> "never");
        }));
        assertEquals("TX_BEGIN_ERROR", nested.getCode());
        assertSame(seen.get(0), seen.get(1), "the read ran on the transaction's connection");
        assertEquals(List.of(), notes(), "the joined write rolled back with its transaction");
        assertFalse(transactions.active());
    }

    @Test
    void callbacksRunAfterTheOutcomeTheyWaitFor() {
        List<String> events = new ArrayList<>();
        transactions.begin(() -> {
            transactions.onCompletion("r1", () -> events.add("committed 1"), true);
            transactions.onCompletion("r1", () -> events.add("rolled back"), false);
            transactions.onCompletion("r1", () -> {
                throw new IllegalStateException("a failing callback is logged and skipped");
            }, true);
            transactions.onCompletion("r1", () -> events.add("committed 2 with " + notes()), true);
            insert("kept");
            events.add("work done");
            return null;
        });
        assertEquals(List.of("work done", "committed 1", "committed 2 with [kept]"), events);

        events.clear();
        assertThrows(IllegalStateException.class, () -> transactions.begin(() -> {
            transactions.onCompletion("r2", () -> events.add("committed"), true);
            transactions.onCompletion("r2", () -> events.add("rolled back with " + notes()), false);
            insert("dropped");
            throw new IllegalStateException("the work fails");
        }));
        assertEquals(List.of("rolled back with [kept]"), events);

        assertThrows(TransactionRequiredException.class, () -> transactions.onCompletion("r3", () -> { }, true));
    }

    @Test
    void aWaitForAConnectionEndsWithTheRequestsDeadline() throws SQLException {
        List<Connection> held = holdEveryConnection();
        try {
            assertTimesOut(() -> transactions.begin(() -> "never"));
            assertTimesOut(() -> transactions.read(connection -> "never"));
        } finally {
            for (Connection connection : held) {
                connection.close();
            }
        }
        assertEquals("free again", transactions.read(connection -> "free again"));
    }

    @Test
    void aClientThatLeavesEndsTheWaitAsClientClosed() throws Exception {
        List<Connection> held = holdEveryConnection();
        try (DatabaseDeadline deadline = deadlines.start(Duration.ofSeconds(20))) {
            CompletableFuture<Void> canceller = CompletableFuture.runAsync(deadline::cancel,
                CompletableFuture.delayedExecutor(POOL_WAIT_MILLIS * 2L, TimeUnit.MILLISECONDS));
            long start = System.nanoTime();
            FxException e = assertThrows(FxException.class, () -> transactions.begin(() -> "never"));
            assertEquals("CLIENT_CLOSED_REQUEST", e.getCode());
            assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 5_000);
            canceller.join();
        } finally {
            for (Connection connection : held) {
                connection.close();
            }
        }
        assertFalse(Thread.currentThread().isInterrupted(), "the cut wait leaves no interrupt behind");
    }

    @Test
    void aWaitForTheWriteLockEndsWithTheRequestsDeadline() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> transactions.begin(() -> {
            inside.countDown();
            try {
                return release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }));
        holder.start();
        try {
            assertTrue(inside.await(5, TimeUnit.SECONDS));
            assertTimesOut(() -> transactions.write(connection -> insert(connection, "blocked"), () -> false, WriteCommit.MANAGED));
        } finally {
            release.countDown();
            holder.join(5000);
        }
        assertEquals(List.of(), notes());
    }

    /** Runs the work under a deadline of four pool waits: it answers 504 TIMEOUT when the deadline passes. */
    private void assertTimesOut(Supplier<?> work) {
        long budget = POOL_WAIT_MILLIS * 4L;
        long start = System.nanoTime();
        FxException e;
        try (DatabaseDeadline ignored = deadlines.start(Duration.ofMillis(budget))) {
            e = assertThrows(FxException.class, work::get);
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals("TIMEOUT", e.getCode(), e.getMessage());
        assertEquals(504, e.getStatus());
        assertTrue(millis >= budget - 50 && millis < budget + 2_000, "waited " + millis + " ms for a " + budget + " ms deadline");
        assertFalse(Thread.currentThread().isInterrupted());
    }

    private List<Connection> holdEveryConnection() throws SQLException {
        List<Connection> held = new ArrayList<>();
        for (int i = 0; i < POOL_SIZE; i++) {
            held.add(pool.getConnection());
        }
        return held;
    }

    private static RuntimeException failure(String sqlState) {
        return new IllegalStateException("statement failed", new SQLException("conflict", sqlState));
    }

    private void insert(String note) {
        transactions.write(connection -> insert(connection, note));
    }

    private static boolean insert(Connection connection, String note) {
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO probe (note) VALUES (?)")) {
            ps.setString(1, note);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The committed notes, or within a transaction the ones it sees. */
    private List<String> notes() {
        return transactions.read(connection -> {
            List<String> notes = new ArrayList<>();
            try (Statement statement = connection.createStatement();
                 ResultSet rs = statement.executeQuery("SELECT note FROM probe ORDER BY note")) {
                while (rs.next()) {
                    notes.add(rs.getString(1));
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return notes;
        });
    }
}
