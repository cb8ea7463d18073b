package io.fx.micronaut.db.sql;

import org.h2.api.Trigger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The H2 dialect's cancel stops the session's running command and never a later one. H2's own
 * {@link Statement#cancel()} marks the statement's cached command; a cancel that lands after the command's last check
 * (here: while a single-row insert runs its trigger; in a server, while an auto-committed write commits) leaves the
 * mark on the command, and a later execution of the same SQL on that session fails as cancelled, after the connection
 * went back to the pool in a server. The first test pins that behaviour of the driver, the others show the dialect's
 * cancel reaching nothing then, and still stopping a statement that runs.
 */
class H2CancelsTest {

    private static final String INSERT = "INSERT INTO cancels (id, note) VALUES (?, ?)";
    private static final AtomicReference<CountDownLatch> INSIDE = new AtomicReference<>();
    private static final AtomicReference<CountDownLatch> RELEASE = new AtomicReference<>();

    private final H2Dialect dialect = new H2Dialect();
    private final AtomicInteger ids = new AtomicInteger();
    private Connection connection;

    /** Holds an insert of a row whose note is {@code slow} until the test releases it. */
    public static final class Slow implements Trigger {
        @Override
        public void fire(Connection conn, Object[] oldRow, Object[] newRow) throws SQLException {
            if (newRow != null && "slow".equals(newRow[1])) {
                INSIDE.get().countDown();
                try {
                    RELEASE.get().await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @BeforeEach
    void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:h2:mem:h2cancels", "sa", "");
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("CREATE TABLE cancels (id INT PRIMARY KEY, note VARCHAR(16))");
            ddl.execute("CREATE TRIGGER cancels_slow AFTER INSERT ON cancels FOR EACH ROW CALL \""
                + Slow.class.getName() + "\"");
            // the session's query timeout once, as on a pooled connection after its first statement: setting it
            // again would drop the session's cached commands, and with them the mark a cancel leaves
            dialect.applyTimeout(connection, ddl, Duration.ofSeconds(30));
        }
    }

    @AfterEach
    void close() throws SQLException {
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("DROP TABLE cancels");
        }
        connection.close();
    }

    @Test
    void theDriversCancelAfterTheLastCheckFailsALaterStatementOfTheSameSql() throws Exception {
        cancelWhileAnInsertRuns(Statement::cancel);
        SQLException failed = assertThrows(SQLException.class, () -> insertMany(300));
        assertEquals("57014", failed.getSQLState());
    }

    @Test
    void theDialectsCancelAfterTheLastCheckReachesNoLaterStatement() throws Exception {
        cancelWhileAnInsertRuns(dialect::cancel);
        insertMany(300);
        cancelWhileAnInsertRuns(dialect::cancelAgain);
        insertMany(300);
        assertEquals(602, count());
    }

    @Test
    void theDialectsCancelOfAClosedStatementDoesNothing() throws SQLException {
        PreparedStatement closed = connection.prepareStatement(INSERT);
        closed.close();
        dialect.cancel(closed);
        insertMany(300);
        assertEquals(300, count());
    }

    @Test
    void theDialectsCancelStopsARunningStatement() throws Exception {
        PreparedStatement endless = connection.prepareStatement(
            "SELECT SUM(X) FROM SYSTEM_RANGE(1, 100000000000) WHERE MOD(X, 3) = 1");
        dialect.applyTimeout(connection, endless, Duration.ofSeconds(60));
        CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
            try (ResultSet rs = endless.executeQuery()) {
                return rs.next() ? rs.getObject(1) : null;
            } catch (SQLException e) {
                return e;
            }
        });
        // as the deadline does: again until the statement ends (a cancel before it starts reaches nothing)
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!running.isDone() && System.nanoTime() < until) {
            dialect.cancel(endless);
            Thread.sleep(20);
        }
        SQLException failed = assertInstanceOf(SQLException.class, running.get(30, TimeUnit.SECONDS));
        assertEquals("57014", failed.getSQLState());
        endless.close();
        insertMany(300);
        assertEquals(300, count());
    }

    private interface Cancel {
        void cancel(Statement statement) throws SQLException;
    }

    /**
     * Inserts one row on another thread and cancels its statement while the row's trigger holds it, after the
     * insert's last check for a cancel: the insert completes, as a write that was committing when its client left.
     */
    private void cancelWhileAnInsertRuns(Cancel cancel) throws Exception {
        INSIDE.set(new CountDownLatch(1));
        RELEASE.set(new CountDownLatch(1));
        PreparedStatement ps = connection.prepareStatement(INSERT);
        dialect.applyTimeout(connection, ps, Duration.ofSeconds(30));
        ps.setInt(1, ids.incrementAndGet());
        ps.setString(2, "slow");
        CompletableFuture<Integer> insert = CompletableFuture.supplyAsync(() -> {
            try {
                return ps.executeUpdate();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(INSIDE.get().await(10, TimeUnit.SECONDS), "the insert reached its trigger");
        cancel.cancel(ps);
        RELEASE.get().countDown();
        assertEquals(1, insert.get(10, TimeUnit.SECONDS));
        ps.close();
    }

    /** Inserts rows one statement each, on the same session, as later requests on a pooled connection would. */
    private void insertMany(int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            try (PreparedStatement ps = connection.prepareStatement(INSERT)) {
                dialect.applyTimeout(connection, ps, Duration.ofSeconds(30));
                ps.setInt(1, ids.incrementAndGet());
                ps.setString(2, "fast");
                ps.executeUpdate();
            }
        }
    }

    private int count() throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM cancels")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
