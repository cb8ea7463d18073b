package io.fx.micronaut.security.revocation;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SQL store ({@code fx.security.revocation.store: sql}) on the application's data source, through the
 * {@link DataStore}'s raw SQL, on H2 and PostgreSQL. Tables {@code <prefix>revoked_token(jti, expires_at)} and
 * {@code <prefix>revoked_user(user_id, cutoff, retain_until)}, times to the millisecond, created at startup
 * ({@code IF NOT EXISTS}, retried when another instance creates them at the same moment).
 *
 * <p>Every lookup is one statement ({@link #check} too), run on the primary with an auto-commit connection
 * ({@link DataStore#queryPrimary}: a replica's lag must not pass a revoked token, and a lookup costs no
 * BEGIN/COMMIT round trips nor, on H2, the write lock) and filtered on the deadline, so rows past it count as
 * gone. Every write commits in a transaction of its own; a cutoff only moves forward ({@code GREATEST} in
 * SQL). Each call runs under {@code fx.security.revocation.timeout}: past it the statement is cancelled and
 * the call throws {@link RevocationUnavailableException}, as it does for any database failure. Every
 * {@code fx.security.revocation.sql.sweep-every} writes the instance deletes the expired rows; {@link #prune()}
 * does it on demand.</p>
 *
 * <p>Calls run on the store's own threads, never in the caller's transaction. On H2, whose write transactions
 * take one process-wide lock, a revocation <em>write</em> from inside a transaction therefore waits for that
 * transaction and fails with {@link RevocationUnavailableException} after the timeout: revoke outside one.</p>
 *
 * @since 0.5.0
 */
@Singleton
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.SQL)
@Requires(beans = DataStore.class)
public final class SqlRevoker implements Revoker {

    private static final Logger LOG = LoggerFactory.getLogger(SqlRevoker.class);
    private static final int THREADS = 16;
    private static final int MIGRATION_ATTEMPTS = 5;

    private final DataStore store;
    private final RevocationStatements sql;
    private final TimedCalls calls;
    private final int sweepEvery;
    private final AtomicInteger writes = new AtomicInteger();

    SqlRevoker(DataStore store, DatabaseDeadlines deadlines, RevocationConfiguration revocation,
               SqlRevocationConfiguration configuration) {
        this.store = store;
        this.sql = new RevocationStatements(configuration.getTablePrefix());
        this.sweepEvery = Math.max(0, configuration.getSweepEvery());
        this.calls = new TimedCalls(deadlines, revocation.getTimeout(), THREADS);
        migrate();
    }

    /**
     * Creates the tables and indexes that are missing; safe to run again, also from several instances at once
     * (a statement that loses a race with another instance is run again and then finds the object).
     */
    public void migrate() {
        for (String statement : sql.migration) {
            for (int attempt = 1; ; attempt++) {
                try {
                    store.execute(statement, List.of());
                    break;
                } catch (RuntimeException e) {
                    if (attempt >= MIGRATION_ATTEMPTS) {
                        throw e;
                    }
                    LOG.debug("Revocation table migration attempt {} failed; trying again", attempt, e);
                    pause(attempt);
                }
            }
        }
    }

    @Override
    public void revokeToken(@NonNull String jti, @NonNull Instant expiresAt) {
        Instant deadline = expiresAt.truncatedTo(ChronoUnit.MILLIS);
        calls.call("revoking a token", () -> upsert(List.of(deadline, jti), List.of(jti, deadline), sql.updateToken,
            sql.insertToken));
        written();
    }

    @Override
    public void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil) {
        Instant at = cutoff.truncatedTo(ChronoUnit.MILLIS);
        Instant until = retainUntil.truncatedTo(ChronoUnit.MILLIS);
        calls.call("revoking a user", () -> upsert(List.of(at, until, userId), List.of(userId, at, until),
            sql.updateUser, sql.insertUser));
        written();
    }

    @Override
    public boolean isTokenRevoked(@NonNull String jti) {
        List<Map<String, Object>> rows = read("looking up a token", sql.tokenRevoked, List.of(jti, Instant.now()));
        return count(rows.get(0).get("revoked")) > 0;
    }

    @Override
    @NonNull
    public Optional<Instant> userCutoff(@NonNull String userId) {
        List<Map<String, Object>> rows = read("looking up a user", sql.userCutoff, List.of(userId, Instant.now()));
        return rows.isEmpty() ? Optional.empty() : Optional.of((Instant) rows.get(0).get("cutoff"));
    }

    @Override
    @NonNull
    public RevocationStatus check(@NonNull String jti, @NonNull String userId) {
        Instant now = Instant.now();
        Map<String, Object> row = read("checking a token", sql.check, List.of(jti, now, userId, now)).get(0);
        return new RevocationStatus(count(row.get("revoked")) > 0, (Instant) row.get("cutoff"));
    }

    /**
     * Deletes the rows past their deadline.
     *
     * @return how many were deleted
     * @throws RevocationUnavailableException when the database cannot be written
     */
    @NonNull
    public PrunedRevocations prune() {
        Instant now = Instant.now();
        return calls.call("pruning", () -> new PrunedRevocations(store.execute(sql.sweepTokens, List.of(now)),
            store.execute(sql.sweepUsers, List.of(now))));
    }

    @PreDestroy
    void close() {
        calls.close();
    }

    private List<Map<String, Object>> read(String what, String statement, List<Object> parameters) {
        return calls.call(what, () -> store.queryPrimary(statement, parameters));
    }

    /** An update keeping the greater values, else an insert; an insert that loses a race updates after all. */
    private Void upsert(List<Object> update, List<Object> insert, String updateSql, String insertSql) {
        if (store.execute(updateSql, update) > 0) {
            return null;
        }
        try {
            store.execute(insertSql, insert);
        } catch (RuntimeException e) {
            if (store.execute(updateSql, update) == 0) {
                throw e;
            }
        }
        return null;
    }

    private void written() {
        if (sweepEvery > 0 && writes.incrementAndGet() % sweepEvery == 0) {
            try {
                PrunedRevocations pruned = prune();
                LOG.debug("Swept {} revoked tokens and {} user cutoffs past their deadline", pruned.tokens(), pruned.users());
            } catch (RuntimeException e) {
                LOG.warn("Sweeping the expired revocations failed; the next sweep tries again", e);
            }
        }
    }

    private static long count(Object value) {
        return value instanceof Number number ? number.longValue() : 0;
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(20L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while migrating the revocation tables", e);
        }
    }
}
