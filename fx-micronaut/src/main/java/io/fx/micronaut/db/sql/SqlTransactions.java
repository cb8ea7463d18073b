package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.transaction.TransactionCallback;
import io.micronaut.transaction.TransactionOperations;

import java.sql.Connection;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs work in Micronaut Data transactions (joining the active one), serialises write transactions
 * for embedded databases, and classifies transaction failures by phase.
 */
final class SqlTransactions {

    private final TransactionOperations<Connection> operations;
    private final boolean serializeWrites;
    private final ReentrantLock writeLock = new ReentrantLock(true);

    SqlTransactions(TransactionOperations<Connection> operations, boolean serializeWrites) {
        this.operations = operations;
        this.serializeWrites = serializeWrites;
    }

    boolean active() {
        return operations.findTransactionStatus().isPresent();
    }

    /** Begins a new write transaction; refuses to nest. */
    <R> R begin(Supplier<R> work) {
        if (active()) {
            throw ErrorCode.TX_BEGIN_ERROR.exception("A transaction is already active; nested transactions are not supported");
        }
        return locked(() -> run(false, connection -> work.get()));
    }

    /** Runs a read, joining the active transaction when there is one. */
    <R> R read(Function<Connection, R> work) {
        return run(true, work);
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
