package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.db.RawSql;
import io.micronaut.core.annotation.Internal;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockingTaskExecutor;
import net.javacrumbs.shedlock.provider.jdbc.JdbcLockProvider;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One sweep at a time across replicas: ShedLock's lock {@code fx.scheduled.sweep}, a row of
 * {@code fx_scheduler_lock} (ShedLock's documented schema, created at start on H2 and PostgreSQL). ShedLock reads
 * and writes it on connections of the unwrapped pool (Micronaut Data's data source refuses connections outside a
 * transaction), in auto-commit, so no connection is held across the per-model transactions of a sweep. Lock times
 * come from the machines' clocks, which must be synchronised.
 */
@Internal
@Singleton
final class SweepLock {

    static final String TABLE = "fx_scheduler_lock";
    static final String NAME = "fx.scheduled.sweep";
    static final String DDL = "CREATE TABLE IF NOT EXISTS " + TABLE + " (name VARCHAR(64) NOT NULL, "
        + "lock_until TIMESTAMP NOT NULL, locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL, "
        + "PRIMARY KEY (name))";

    private final RawSql sql;
    private final JdbcLockProvider provider;
    private final LockingTaskExecutor executor;

    SweepLock(DataSource dataSource, RawSql sql) {
        this.sql = sql;
        this.provider = new JdbcLockProvider(DelegatingDataSource.unwrapDataSource(dataSource), TABLE);
        this.executor = new DefaultLockingTaskExecutor(provider);
    }

    /** Creates the lock table when it is missing. */
    void createTable() {
        sql.execute(DDL, List.of());
    }

    /**
     * @param atMostFor  how long a holder keeps the lock at most
     * @param atLeastFor how long the lock stays held at least
     * @param work       the sweep
     * @param <T>        its result
     * @return the work's result, or empty when another replica holds the lock
     */
    <T> Optional<T> run(Duration atMostFor, Duration atLeastFor, Supplier<T> work) {
        LockConfiguration configuration = new LockConfiguration(ClockProvider.now(), NAME, atMostFor, atLeastFor);
        try {
            LockingTaskExecutor.TaskResult<T> result = executor.executeWithLock(
                (LockingTaskExecutor.TaskWithResult<T>) work::get, configuration);
            return result.wasExecuted() ? Optional.ofNullable(result.getResult()) : Optional.empty();
        } catch (RuntimeException e) {
            // ShedLock remembers that the lock row exists; after a lock-store error (a table restored empty, say)
            // it would only ever update a missing row and never sweep again: forget, so the next tick inserts it
            provider.clearCache();
            throw e;
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
