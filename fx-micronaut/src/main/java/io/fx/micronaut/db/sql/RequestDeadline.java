package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The database deadline of one request's thread. The statement the thread prepared last is the one
 * that may be running: when the deadline passes or the client goes away it is cancelled with the dialect's
 * {@link SqlDialect#cancel} on the watchdog's threads, and again every {@value #RECANCEL_MILLIS} ms until the
 * request ends, the later times through {@link SqlDialect#cancelAgain} (a cancel that lands between prepare
 * and execute is a no-op in both drivers, and PostgreSQL drops one that arrives while it still reads the
 * statement, which its driver would not send a second time). A wait for a
 * pooled connection (or H2's write lock) is cut short by interrupting the owner thread, only while it
 * waits; the interrupt is cleared when the wait ends, so it never reaches the JDBC driver.
 */
final class RequestDeadline implements DatabaseDeadline {

    /** How often a stopped deadline cancels its thread's statement again. */
    static final long RECANCEL_MILLIS = 100;
    private static final Logger LOG = LoggerFactory.getLogger(RequestDeadline.class);

    /** Why the work stopped. */
    enum Stop { TIMEOUT, CLIENT_CLOSED }

    private final Thread owner;
    private final long deadline;
    private final boolean limited;
    private final ScheduledExecutorService watchdog;
    private final Runnable onClose;
    private Runnable disarm;
    private ScheduledFuture<?> recancel;
    private Statement statement;
    private SqlDialect dialect;
    /** How often the registered statement was cancelled. */
    private int cancels;
    private boolean waiting;
    private long waitToken;
    private boolean interrupted;
    private boolean waitCutShort;
    private boolean closed;
    private volatile Stop stopped;

    /**
     * @param budgetNanos the budget from now; zero or negative for none
     * @param expiries    times the expiry
     * @param watchdog    runs expiries and cancels
     * @param onClose     detaches the deadline from its thread
     */
    RequestDeadline(long budgetNanos, DeadlineTimer expiries, ScheduledExecutorService watchdog, Runnable onClose) {
        this.owner = Thread.currentThread();
        this.limited = budgetNanos > 0;
        this.deadline = limited ? System.nanoTime() + budgetNanos : Long.MAX_VALUE;
        this.watchdog = watchdog;
        this.onClose = onClose;
        if (limited) {
            this.disarm = expiries.arm(() -> stop(Stop.TIMEOUT), budgetNanos);
        }
    }

    /** @return whether the deadline has a limit */
    boolean limited() {
        return limited;
    }

    /** @return the time left in nanoseconds, {@link Long#MAX_VALUE} without a limit, never negative */
    long remainingNanos() {
        return limited ? Math.max(0, deadline - System.nanoTime()) : Long.MAX_VALUE;
    }

    /** @return why the work must stop, or null while it may go on */
    Stop stopped() {
        Stop stop = stopped;
        if (stop == null && limited && System.nanoTime() - deadline >= 0) {
            return Stop.TIMEOUT;
        }
        return stop;
    }

    /**
     * @param cause the failure the stop caused, or null
     * @return the exception to answer with when the work was stopped, else null
     */
    FxException failure(Throwable cause) {
        Stop stop = stopped();
        if (stop == null) {
            return null;
        }
        return stop == Stop.TIMEOUT
            ? ErrorCode.TIMEOUT.exception("The database deadline was exceeded", null, cause)
            : ErrorCode.CLIENT_CLOSED_REQUEST.exception("The client closed the connection", null, cause);
    }

    /** Fails when the work must stop. */
    void check() {
        FxException failure = failure(null);
        if (failure != null) {
            throw failure;
        }
    }

    /** Fails when the deadline has passed. */
    void checkTime() {
        if (stopped() == Stop.TIMEOUT) {
            check();
        }
    }

    /**
     * Registers the statement about to run as the one to cancel; fails (closing it) when the deadline
     * has passed. After a disconnect statements still start (record listeners and after-rollback
     * callbacks see the write as before, and it rolls back instead of committing), but each is cancelled
     * within {@value #RECANCEL_MILLIS} ms.
     *
     * @param next    the statement
     * @param dialect cancels it, and again when a cancel did not stop it
     */
    void running(Statement next, SqlDialect dialect) throws SQLException {
        synchronized (this) {
            if (stopped() != Stop.TIMEOUT) {
                statement = next;
                this.dialect = dialect;
                cancels = 0;
                return;
            }
        }
        next.close();
        check();
    }

    /**
     * Marks the start of a wait for a connection or lock, which an expiry or a cancel (or the wait's own
     * limit) cuts short by interrupting this thread.
     *
     * @param limitNanos the longest the wait may take, within the remaining budget
     */
    void beginWait(long limitNanos) {
        check();
        long token;
        synchronized (this) {
            waiting = true;
            waitCutShort = false;
            token = ++waitToken;
        }
        if (limitNanos < remainingNanos()) {
            watchdog.schedule(() -> cutWait(token), limitNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Ends a wait on the owner thread, clearing an interrupt this deadline caused. Idempotent. */
    void endWait() {
        synchronized (this) {
            waiting = false;
            if (interrupted) {
                interrupted = false;
                Thread.interrupted();
            }
        }
    }

    /** @return whether the last wait ended because its own limit passed */
    synchronized boolean waitCutShort() {
        return waitCutShort;
    }

    private synchronized void cutWait(long token) {
        if (waiting && waitToken == token && !closed) {
            waitCutShort = true;
            interrupted = true;
            owner.interrupt();
        }
    }

    @Override
    public void cancel() {
        if (stopped == null) {
            try {
                watchdog.execute(() -> stop(Stop.CLIENT_CLOSED));
            } catch (RejectedExecutionException e) {
                // the application is shutting down; the write still rolls back when it sees the client gone
                LOG.debug("The deadline watchdog is stopped; the statement is not cancelled", e);
            }
        }
    }

    private void stop(Stop reason) {
        synchronized (this) {
            if (stopped != null || closed) {
                return;
            }
            stopped = reason;
            if (waiting) {
                interrupted = true;
                owner.interrupt();
            }
            recancel = watchdog.scheduleWithFixedDelay(this::cancelRunning, RECANCEL_MILLIS, RECANCEL_MILLIS,
                TimeUnit.MILLISECONDS);
        }
        cancelRunning();
    }

    private void cancelRunning() {
        Statement running;
        SqlDialect with;
        boolean first;
        synchronized (this) {
            running = closed ? null : statement;
            with = dialect;
            first = cancels++ == 0;
        }
        if (running == null) {
            return;
        }
        try {
            if (first) {
                with.cancel(running);
            } else {
                with.cancelAgain(running);
            }
        } catch (SQLException | RuntimeException e) {
            // closed meanwhile, or the driver refused: the next check stops the work
            LOG.trace("Cancelling a statement failed", e);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            statement = null;
            if (disarm != null) {
                disarm.run();
            }
            if (recancel != null) {
                recancel.cancel(false);
            }
        }
        endWait();
        onClose.run();
    }
}
