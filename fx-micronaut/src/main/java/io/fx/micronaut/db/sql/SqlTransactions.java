package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.transaction.TransactionCallback;
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.transaction.TransactionOperations;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs work in Micronaut Data transactions (joining the active one), serialises write transactions
 * for embedded databases, and classifies transaction failures by phase.
 */
final class SqlTransactions {

    /** Attempts of a transaction that fails with a serialisation failure or deadlock. */
    static final int MAX_ATTEMPTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(SqlTransactions.class);

    private final TransactionOperations<Connection> operations;
    private final ConnectionOperations<Connection> readConnections;
    private final boolean serializeWrites;
    private final ReentrantLock writeLock = new ReentrantLock();

    /**
     * @param operations      the primary's transactions: writes, and everything inside a transaction
     * @param readConnections the connections reads outside a transaction run on, without a transaction of
     *                        their own (the read pool of a server database, else the primary): a read
     *                        costs its statements and no BEGIN/COMMIT round trips
     * @param serializeWrites whether write transactions take a process-wide lock
     */
    SqlTransactions(TransactionOperations<Connection> operations, ConnectionOperations<Connection> readConnections,
                    boolean serializeWrites) {
        this.operations = operations;
        this.readConnections = readConnections;
        this.serializeWrites = serializeWrites;
    }

    boolean active() {
        return operations.findTransactionStatus().isPresent();
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
        for (int attempt = 1; ; attempt++) {
            try {
                return locked(() -> run(false, connection -> work.get()));
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
     * Runs a read, joining the active transaction when there is one, else on a read connection in
     * auto-commit mode (a connection the work cannot get is {@code TX_BEGIN_ERROR}, like a
     * transaction that cannot start).
     */
    <R> R read(Function<Connection, R> work) {
        if (active()) {
            return run(true, work);
        }
        boolean[] started = new boolean[1];
        try {
            return readConnections.executeRead(status -> {
                started[0] = true;
                return work.apply(status.getConnection());
            });
        } catch (RuntimeException e) {
            if (started[0]) {
                throw e;
            }
            throw ErrorCode.TX_BEGIN_ERROR.exception("Transaction could not start", null, e);
        }
    }

    /** Runs a write, joining the active transaction or starting a serialised one. */
    <R> R write(Function<Connection, R> work) {
        return active() ? run(false, work) : locked(() -> run(false, work));
    }

    private <R> R locked(Supplier<R> work) {
        if (!serializeWrites || writeLock.isHeldByCurrentThread()) {
            return work.get();
        }
        writeLock.lock();
        try {
            return work.get();
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Classifies failures by phase: before the work started {@code TX_BEGIN_ERROR}, after it returned
     * {@code TX_COMMIT_ERROR}; what the work itself throws propagates unchanged.
     */
    private <R> R run(boolean readOnly, Function<Connection, R> work) {
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
            return readOnly ? operations.executeRead(callback) : operations.executeWrite(callback);
        } catch (RuntimeException e) {
            if (thrownByWork[0] != null && (e == thrownByWork[0] || e.getCause() == thrownByWork[0])) {
                throw thrownByWork[0];
            }
            if (!phase[0]) {
                throw ErrorCode.TX_BEGIN_ERROR.exception("Transaction could not start", null, e);
            }
            if (phase[1]) {
                throw ErrorCode.TX_COMMIT_ERROR.exception("Transaction could not commit", null, e);
            }
            throw ErrorCode.DB_ERROR.exception("Database error", null, e);
        }
    }
}
