package io.fx.micronaut.security.login;

import io.fx.micronaut.db.RawSql;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.SqlRevocationConfiguration;
import io.fx.micronaut.security.revocation.SqlTables;
import io.fx.micronaut.security.revocation.TimedCalls;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts failed logins beside the SQL revocation store ({@code fx.security.revocation.store: sql}), so that every
 * instance on the database shares them: the table {@code <prefix>login_failure(attempt_key, failures,
 * window_ends)}, created at startup like the store's own tables. A count is one {@code UPDATE} that starts a new
 * window once the last has ended (else an {@code INSERT}), then a read on the primary. Each call runs on a thread
 * of its own pool, outside the request's transaction (a login that fails and rolls back keeps its count), under
 * {@code fx.security.revocation.timeout}; every {@code sweep-every} counts the ended windows are deleted.
 */
@Singleton
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.SQL)
@Requires(beans = RawSql.class)
final class SqlFailureCounter implements FailureCounter {

    private static final Logger LOG = LoggerFactory.getLogger(SqlFailureCounter.class);
    private static final int THREADS = 4;

    private final RawSql store;
    private final TimedCalls calls;
    private final int sweepEvery;
    private final AtomicInteger counted = new AtomicInteger();
    private final String increment;
    private final String insert;
    private final String read;
    private final String decrement;
    private final String reset;
    private final String sweep;

    SqlFailureCounter(RawSql store, DatabaseDeadlines deadlines, RevocationConfiguration revocation,
                      SqlRevocationConfiguration configuration) {
        this.store = store;
        this.calls = new TimedCalls(deadlines, revocation.getTimeout(), THREADS, "fx-login-attempts-");
        this.sweepEvery = Math.max(0, configuration.getSweepEvery());
        String table = SqlTables.name(configuration.getTablePrefix(), "login_failure");
        this.increment = "UPDATE " + table + " SET failures = CASE WHEN window_ends <= ? THEN 1 ELSE failures + 1 END,"
            + " window_ends = CASE WHEN window_ends <= ? THEN ? ELSE window_ends END WHERE attempt_key = ?";
        this.insert = "INSERT INTO " + table + " (attempt_key, failures, window_ends) VALUES (?, 1, ?)";
        this.read = "SELECT failures, window_ends FROM " + table + " WHERE attempt_key = ?";
        this.decrement = "UPDATE " + table + " SET failures = failures - 1 WHERE attempt_key = ? AND failures > 0"
            + " AND window_ends > ?";
        this.reset = "DELETE FROM " + table + " WHERE attempt_key = ?";
        this.sweep = "DELETE FROM " + table + " WHERE window_ends <= ?";
        store.migrate(List.of(
            "CREATE TABLE IF NOT EXISTS " + table + " (attempt_key VARCHAR(255) PRIMARY KEY, failures INTEGER NOT NULL,"
                + " window_ends TIMESTAMP(3) WITH TIME ZONE NOT NULL)",
            "CREATE INDEX IF NOT EXISTS " + table + "_window_ends ON " + table + " (window_ends)"));
    }

    @Override
    @NonNull
    public FailureCount increment(@NonNull String key, @NonNull Duration window) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        List<Object> update = List.of(now, now, now.plus(window), key);
        FailureCount count = calls.call("counting a failed login", () -> {
            if (store.execute(increment, update) == 0) {
                try {
                    store.execute(insert, List.of(key, now.plus(window)));
                } catch (RuntimeException e) {
                    if (store.execute(increment, update) == 0) {
                        throw e;
                    }
                }
            }
            Map<String, Object> row = store.queryPrimary(read, List.of(key)).get(0);
            return new FailureCount(((Number) row.get("failures")).longValue(), (Instant) row.get("window_ends"));
        });
        swept();
        return count;
    }

    @Override
    public void decrement(@NonNull String key) {
        calls.call("taking back a failed login", () -> store.execute(decrement, List.of(key, Instant.now())));
    }

    @Override
    public void reset(@NonNull String key) {
        calls.call("clearing failed logins", () -> store.execute(reset, List.of(key)));
    }

    private void swept() {
        if (sweepEvery > 0 && counted.incrementAndGet() % sweepEvery == 0) {
            try {
                int deleted = calls.call("sweeping failed logins", () -> store.execute(sweep, List.of(Instant.now())));
                LOG.debug("Swept {} failed-login windows that have ended", deleted);
            } catch (RuntimeException e) {
                LOG.warn("Sweeping the ended failed-login windows failed; the next sweep tries again", e);
            }
        }
    }

    @PreDestroy
    void close() {
        calls.close();
    }
}
