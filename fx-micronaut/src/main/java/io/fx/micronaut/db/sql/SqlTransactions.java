package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.TransactionRequiredException;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.transaction.TransactionCallback;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.TransactionStatus;
import io.micronaut.transaction.support.TransactionSynchronization;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.SQLTransientConnectionException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * Runs work in Micronaut Data transactions (joining the active one), serialises write transactions
 * for embedded databases, and classifies transaction failures by phase. The wait for a connection (and
 * for H2's write lock) takes what is left of the request's deadline at most, less while the database
 * is unavailable (see {@link DatabaseAvailability}); a wait cut short answers 504 {@code TIMEOUT},
 * 499 when the client left, or 503 {@code DB_UNAVAILABLE}.
 */
final class SqlTransactions {

    /** Attempts of a transaction that fails with a serialisation failure or deadlock. */
    static final int MAX_ATTEMPTS = 3;
    /** How long a request without a deadline waits for a connection in all (HikariCP's own default). */
    static final long UNLIMITED_WAIT_SECONDS = 30;
    private static final Logger LOG = LoggerFactory.getLogger(SqlTransactions.class);

    private final TransactionOperations<Connection> operations;
    private final DataSource readPool;
    private final DataSource primaryPool;
    private final boolean serializeWrites;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final SqlDeadlines deadlines;
    private final DatabaseAvailability availability;

    /**
     * @param operations      the primary's transactions: writes, and everything inside a transaction
     * @param readPool        the pool reads outside a transaction borrow an auto-commit connection from (the
     *                        read pool of a server database, else the primary), unwrapped from Micronaut Data's
     *                        contextual proxy: a read costs its statements, no BEGIN/COMMIT round trips and no
     *                        connection bookkeeping
     * @param primaryPool     the primary's pool, unwrapped likewise, for auto-commit reads that must see the
     *                        primary (no replica lag)
     * @param serializeWrites whether write transactions take a process-wide lock (single auto-committed
     *                        statements do not, see {@link #autoCommit})
     * @param deadlines       the request deadlines
     * @param availability    whether the database was last seen reachable
     */
    SqlTransactions(TransactionOperations<Connection> operations, DataSource readPool, DataSource primaryPool,
                    boolean serializeWrites, SqlDeadlines deadlines, DatabaseAvailability availability) {
        this.operations = operations;
        this.readPool = readPool;
        this.primaryPool = primaryPool;
        this.serializeWrites = serializeWrites;
        this.deadlines = deadlines;
        this.availability = availability;
    }

    boolean active() {
        return operations.findTransactionStatus().isPresent();
    }

    /** The connection of the active transaction, if any: work joins it by running on it directly. */
    private Connection joined() {
        Optional<? extends TransactionStatus<?>> status = operations.findTransactionStatus();
        return status.isPresent() ? (Connection) status.get().getConnection() : null;
    }

    /**
     * Runs work under a JDBC savepoint of the active transaction's connection, rolling back to it when the work
     * throws. A savepoint that cannot be set or rolled back to fails the transaction (the exception propagates).
     */
    <R> R savepoint(Supplier<R> work) {
        Connection connection = joined();
        if (connection == null) {
            throw ErrorCode.TX_BEGIN_ERROR.exception("A savepoint needs an active transaction");
        }
        Savepoint savepoint;
        try {
            savepoint = connection.setSavepoint();
        } catch (SQLException e) {
            throw new IllegalStateException("Could not set a savepoint", e);
        }
        R result;
        try {
            result = work.get();
        } catch (RuntimeException | Error e) {
            try {
                connection.rollback(savepoint);
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        }
        try {
            connection.releaseSavepoint(savepoint);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not release a savepoint", e);
        }
        return result;
    }

    /**
     * Begins a new write transaction; refuses to nest. A serialisation failure or deadlock
     * (SQLState 40001/40P01) reruns the whole work up to {@value #MAX_ATTEMPTS} times in all, then
     * answers 409 {@code CONFLICT}.
     */
    <R> R begin(Supplier<R> work) {
        if (active()) {
            throw ErrorCode.TX_BEGIN_ERROR.exception("A transaction is already active; nested transactions are not supported");
        }
        return retrying(() -> transaction(connection -> work.get()));
    }

    /** Runs a transaction, rerunning it whole after a serialisation failure or deadlock. */
    private <R> R retrying(Supplier<R> transaction) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.get();
            } catch (RuntimeException e) {
                SQLException retryable = retryable(e);
                if (retryable == null) {
                    throw e;
                }
                if (attempt >= MAX_ATTEMPTS) {
                    throw ErrorCode.CONFLICT.exception("The transaction kept conflicting with concurrent ones; retry the request",
                        Map.of("detail", "serialization failure or deadlock after " + attempt + " attempts"), e);
                }
                LOG.debug("Transaction attempt {} hit SQLState {}; retrying", attempt, retryable.getSQLState());
                pause(attempt);
            }
        }
    }

    private static SQLException retryable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && SqlErrorTranslator.isRetryable(sql)) {
                return sql;
            }
        }
        return null;
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(5, 20L * attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ErrorCode.TX_BEGIN_ERROR.exception("Interrupted before retrying the transaction");
        }
    }

    /**
     * Runs a read, joining the active transaction when there is one, else on an auto-commit connection
     * of the read pool (a connection the work cannot get is {@code TX_BEGIN_ERROR}, like a transaction
     * that cannot start).
     */
    <R> R read(Function<Connection, R> work) {
        return read(readPool, work);
    }

    /** As {@link #read(Function)}, on the primary outside a transaction: no replica lag, no write lock. */
    <R> R readPrimary(Function<Connection, R> work) {
        return read(primaryPool, work);
    }

    private <R> R read(DataSource pool, Function<Connection, R> work) {
        Connection joined = joined();
        if (joined != null) {
            return work.apply(joined);
        }
        RequestDeadline deadline = deadlines.current();
        try (Connection connection = acquire(pool, deadline)) {
            R result = work.apply(connection);
            if (deadline != null) {
                // work that outlived the deadline (a cancel arriving after its last statement) is not answered
                deadline.check();
            }
            return result;
        } catch (SQLException e) {
            throw closeFailure(e);
        }
    }

    /**
     * Runs one write statement outside any transaction, auto-committed on a connection of the primary: no
     * BEGIN or COMMIT round trip. Where write transactions serialise (H2) it does not take their write lock: a
     * single statement cannot interleave with itself, and the database's row locks order it against the
     * transactions, whose pre-image reads lock their rows (see {@code RecordWriter}); it commits the statement
     * itself there ({@link LocalCommit}). The deadline and the client are checked before the statement; a cancel
     * (deadline or disconnect) stops the running statement, which then commits nothing. A statement that
     * completed has committed, so it is answered even when the deadline passed or the client left during
     * it: its outcome is the answer, as after a commit. A serialisation failure or deadlock reruns it as
     * {@link #begin} does.
     *
     * @param work      the statement on a connection; the caller makes sure no transaction is active
     * @param cancelled whether the client went away
     */
    private <R> R autoCommit(Function<Connection, R> work, BooleanSupplier cancelled) {
        RequestDeadline deadline = deadlines.current();
        return retrying(() -> {
            try (Connection connection = acquire(primaryPool, deadline)) {
                if (deadline != null) {
                    deadline.check();
                }
                if (cancelled.getAsBoolean()) {
                    throw ErrorCode.CLIENT_CLOSED_REQUEST.exception("The client closed the connection; nothing was written");
                }
                return serializeWrites ? LocalCommit.run(connection, work, e -> commitFailure(deadline, e))
                    : work.apply(connection);
            } catch (SQLException e) {
                throw closeFailure(e);
            }
        });
    }

    /**
     * Checks a connection out of a pool within the deadline (a connection the work cannot get is
     * {@code TX_BEGIN_ERROR}, like a transaction that cannot start).
     */
    private Connection acquire(DataSource pool, RequestDeadline deadline) {
        long started = System.nanoTime();
        Connection acquired = null;
        while (acquired == null) {
            try {
                beginWait(deadline);
                acquired = pool.getConnection();
            } catch (SQLException | RuntimeException e) {
                if (!waitAgain(deadline, e, started)) {
                    throw beginFailure(deadline, e);
                }
            } finally {
                endWait(deadline);
            }
        }
        availability.up();
        return acquired;
    }

    /** What closing a connection that failed answers: the work's own SQL errors are translated inside it. */
    private RuntimeException closeFailure(SQLException e) {
        if (DatabaseAvailability.isUnavailable(e)) {
            availability.down();
            return unavailable(e);
        }
        return ErrorCode.DB_ERROR.exception("Database error", null, e);
    }

    /**
     * Runs a caller's write, joining the active transaction; else as the caller's work allows: one auto-committed
     * statement ({@link #autoCommit}), a transaction on a plain connection ({@link #local}), or a Micronaut Data
     * transaction that other code may join ({@link #managed}). The active transaction is
     * looked up once.
     *
     * @param work      the write on a connection
     * @param cancelled whether the client went away
     * @param commit    how the write commits when no transaction is active
     */
    <R> R write(Function<Connection, R> work, BooleanSupplier cancelled, WriteCommit commit) {
        Connection joined = joined();
        if (joined != null) {
            return work.apply(joined);
        }
        return switch (commit) {
            case STATEMENT -> autoCommit(work, cancelled);
            case LOCAL -> local(work, cancelled);
            case MANAGED -> managed(work, cancelled);
        };
    }

    /**
     * Runs a write transaction of the framework's own statements on a plain connection of the primary: auto-commit
     * off, the work, {@code COMMIT} on the connection, with none of Micronaut Data's transaction bookkeeping (the
     * status, its synchronisations, the propagated context), as a hand-written service would. Only for work that
     * runs no other code that could join or observe the transaction (no record listener, no after-commit
     * callback: {@link WriteCommit#LOCAL}); the caller makes sure no transaction is active. Serialised, rerun,
     * deadline-checked, cancelled and classified as a {@link #managed} one: a
     * connection or lock that cannot be had is {@code TX_BEGIN_ERROR} (or the deadline's stop, or 503), what the
     * work throws propagates, a failed commit is {@code TX_COMMIT_ERROR}, 503 when the database went away.
     */
    private <R> R local(Function<Connection, R> work, BooleanSupplier cancelled) {
        RequestDeadline deadline = deadlines.current();
        return retrying(() -> {
            try {
                beginWait(deadline);
                return locked(deadline, () -> {
                    endWait(deadline);
                    try (Connection connection = acquire(primaryPool, deadline)) {
                        return localTransaction(connection, deadline, work, cancelled);
                    } catch (SQLException e) {
                        throw closeFailure(e);
                    }
                });
            } finally {
                endWait(deadline);
            }
        });
    }

    private <R> R localTransaction(Connection connection, RequestDeadline deadline, Function<Connection, R> work,
                                   BooleanSupplier cancelled) throws SQLException {
        return LocalCommit.run(connection, c -> {
            if (deadline != null) {
                deadline.check();
            }
            R result = work.apply(c);
            if (deadline != null) {
                // the deadline passed during the last statement: roll back rather than commit late
                deadline.check();
            }
            if (cancelled.getAsBoolean()) {
                throw ErrorCode.CLIENT_CLOSED_REQUEST.exception("The client closed the connection; the write was rolled back");
            }
            return result;
        }, e -> commitFailure(deadline, e));
    }

    /** What a failed commit answers: the deadline's stop, 503 when the database went away, else TX_COMMIT_ERROR. */
    private RuntimeException commitFailure(RequestDeadline deadline, Exception e) {
        return endFailure(deadline, e, ErrorCode.TX_COMMIT_ERROR, "Transaction could not commit");
    }

    /**
     * What a transaction that failed after its work started answers, when the work itself did not throw: the
     * deadline's stop, 503 when the database went away, else {@code code} with {@code message}.
     */
    private RuntimeException endFailure(RequestDeadline deadline, Exception e, ErrorCode code, String message) {
        FxException stopped = deadline == null ? null : deadline.failure(e);
        if (stopped != null) {
            return stopped;
        }
        if (DatabaseAvailability.isUnavailable(e) || (DatabaseAvailability.isClosedConnection(e) && !reachable())) {
            availability.down();
            return unavailable(e);
        }
        return code.exception(message, null, e);
    }

    /** Runs a write, joining the active transaction or starting a serialised one. */
    <R> R write(Function<Connection, R> work) {
        Connection joined = joined();
        return joined != null ? work.apply(joined) : transaction(work);
    }

    /**
     * A new serialised Micronaut Data write transaction, which reruns after a serialisation failure or deadlock as
     * {@link #begin} does and rolls back with {@code CLIENT_CLOSED_REQUEST} instead of committing when
     * {@code cancelled} turns true by the time the work returns.
     */
    private <R> R managed(Function<Connection, R> work, BooleanSupplier cancelled) {
        return retrying(() -> transaction(connection -> {
            R result = work.apply(connection);
            if (cancelled.getAsBoolean()) {
                throw ErrorCode.CLIENT_CLOSED_REQUEST.exception("The client closed the connection; the write was rolled back");
            }
            return result;
        }));
    }

    /**
     * Runs a callback when the active transaction completes: after its commit, or after its rollback.
     * Callbacks run in the order they were registered; one that throws is logged and skipped.
     *
     * @param requestId the request id for the log
     * @param callback  the callback
     * @param onCommit  true to run after a commit, false after a rollback
     * @throws TransactionRequiredException when no transaction is active
     */
    void onCompletion(String requestId, Runnable callback, boolean onCommit) {
        TransactionStatus<?> status = operations.findTransactionStatus()
            .orElseThrow(() -> new TransactionRequiredException(onCommit ? "afterCommit" : "afterRollback"));
        status.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCompletion(Status completion) {
                if (completion == (onCommit ? Status.COMMITTED : Status.ROLLED_BACK)) {
                    try {
                        callback.run();
                    } catch (RuntimeException | LinkageError e) {
                        LOG.error("Request {}: an {} callback failed; the transaction's outcome stands", requestId,
                            onCommit ? "after-commit" : "after-rollback", e);
                    }
                }
            }
        });
    }

    /**
     * Runs a new transaction: waits for H2's write lock and a connection within the deadline, then the
     * work.
     */
    private <R> R transaction(Function<Connection, R> work) {
        RequestDeadline deadline = deadlines.current();
        long started = System.nanoTime();
        while (true) {
            try {
                return transaction(deadline, started, work);
            } catch (WaitAgain again) {
                // the pool's own wait ended while the deadline lasts and the database is not reported down
            }
        }
    }

    private <R> R transaction(RequestDeadline deadline, long started, Function<Connection, R> work) {
        try {
            beginWait(deadline);
            return locked(deadline, () -> run(deadline, started, connection -> {
                endWait(deadline);
                if (deadline != null) {
                    deadline.check();
                }
                availability.up();
                R result = work.apply(connection);
                if (deadline != null) {
                    // the deadline passed during the last statement: roll back rather than commit late
                    deadline.check();
                }
                return result;
            }));
        } finally {
            endWait(deadline);
        }
    }

    private <R> R locked(RequestDeadline deadline, Supplier<R> work) {
        if (!serializeWrites || writeLock.isHeldByCurrentThread()) {
            return work.get();
        }
        if (deadline == null) {
            writeLock.lock();
            try {
                return work.get();
            } finally {
                writeLock.unlock();
            }
        }
        try {
            if (!deadline.limited()) {
                writeLock.lockInterruptibly();
            } else if (!writeLock.tryLock(deadline.remainingNanos(), TimeUnit.NANOSECONDS)) {
                throw ErrorCode.TIMEOUT.exception("The database deadline passed waiting for the write lock");
            }
        } catch (InterruptedException e) {
            throw beginFailure(deadline, e);
        }
        try {
            return work.get();
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Whether a failed connection wait should wait again: the pool's own timeout
     * ({@code connection-timeout}, kept short on server databases so an outage shows within it) ended
     * one attempt with no connection failure to report, and the deadline (for a request without one,
     * {@value #UNLIMITED_WAIT_SECONDS} s in all) still has time.
     */
    private static boolean waitAgain(RequestDeadline deadline, Exception e, long startedNanos) {
        if (!isPoolTimeout(e) || DatabaseAvailability.isUnavailable(e)) {
            return false;
        }
        if (deadline != null && deadline.limited()) {
            return deadline.stopped() == null && deadline.remainingNanos() > 0;
        }
        return System.nanoTime() - startedNanos < TimeUnit.SECONDS.toNanos(UNLIMITED_WAIT_SECONDS);
    }

    private static boolean isPoolTimeout(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException) {
                return true;
            }
        }
        return false;
    }

    /** Ends one attempt of a transaction whose connection wait goes on. */
    private static final class WaitAgain extends RuntimeException {
        WaitAgain() {
            super(null, null, false, false);
        }
    }

    private void beginWait(RequestDeadline deadline) {
        if (deadline != null) {
            deadline.beginWait(availability.waitLimitNanos(deadline.remainingNanos()));
        }
    }

    private static void endWait(RequestDeadline deadline) {
        if (deadline != null) {
            deadline.endWait();
        }
    }

    /**
     * @return what a failure to get a connection (or the write lock) answers: the deadline's stop,
     *     503 when the database is unreachable, else {@code TX_BEGIN_ERROR}
     */
    private RuntimeException beginFailure(RequestDeadline deadline, Exception e) {
        if (e instanceof FxException fx) {
            return fx;
        }
        FxException stopped = deadline == null ? null : deadline.failure(e);
        if (stopped != null) {
            return stopped;
        }
        if (DatabaseAvailability.isUnavailable(e)) {
            availability.down();
            return unavailable(e);
        }
        if (availability.unavailable() && deadline != null && deadline.waitCutShort()) {
            return unavailable(e);
        }
        return ErrorCode.TX_BEGIN_ERROR.exception("Transaction could not start", null, e);
    }

    /**
     * Looks at the database after a failure that does not say whether it went away (a call on a
     * connection the pool had closed): one connection from the read pool, checked. Only on that path.
     *
     * @return false when no checked connection could be had
     */
    private boolean reachable() {
        try (Connection connection = readPool.getConnection()) {
            return connection.isValid(1);
        } catch (SQLException | RuntimeException e) {
            return !DatabaseAvailability.isUnavailable(e);
        }
    }

    /**
     * @param cause the failure
     * @return 503 {@code DB_UNAVAILABLE}
     */
    static FxException unavailable(Throwable cause) {
        return ErrorCode.DB_UNAVAILABLE.exception("The database is unavailable; retry later", null, cause);
    }

    /**
     * Classifies failures by phase: before the work started {@code TX_BEGIN_ERROR}, after it returned
     * {@code TX_COMMIT_ERROR}; what the work itself throws propagates unchanged.
     */
    private <R> R run(RequestDeadline deadline, long started, Function<Connection, R> work) {
        boolean[] phase = new boolean[2];
        RuntimeException[] thrownByWork = new RuntimeException[1];
        TransactionCallback<Connection, R> callback = status -> {
            phase[0] = true;
            try {
                R result = work.apply(status.getConnection());
                phase[1] = true;
                return result;
            } catch (RuntimeException e) {
                thrownByWork[0] = e;
                throw e;
            }
        };
        try {
            return operations.executeWrite(callback);
        } catch (RuntimeException e) {
            if (thrownByWork[0] != null) {
                // the work's own failure is the answer, also when the rollback after it failed too (a
                // connection the server dropped cannot even be reset)
                if (e != thrownByWork[0] && e.getCause() != thrownByWork[0]) {
                    thrownByWork[0].addSuppressed(e);
                }
                throw thrownByWork[0];
            }
            if (!phase[0]) {
                if (waitAgain(deadline, e, started)) {
                    throw new WaitAgain();
                }
                throw beginFailure(deadline, e);
            }
            throw phase[1] ? commitFailure(deadline, e) : endFailure(deadline, e, ErrorCode.DB_ERROR, "Database error");
        }
    }
}
