package io.fx.micronaut.security.revocation;

import io.fx.micronaut.db.RawSql;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The SQL store ({@code fx.security.revocation.store: sql}) on the application's data source, through the
 * {@link RawSql}, on H2 and PostgreSQL. Tables {@code <prefix>revoked_token(jti, expires_at)} and
 * {@code <prefix>revoked_user(user_id, cutoff, retain_until)}, times to the millisecond, ids in their
 * {@link StoredIds} form (a digest for one that does not fit the column), created at startup
 * ({@code IF NOT EXISTS}, retried when another instance creates them at the same moment).
 *
 * <p>Every lookup is one statement, run on the primary with an auto-commit connection
 * ({@link RawSql#queryPrimary}: a replica's lag must not pass a revoked token, and a lookup costs no
 * BEGIN/COMMIT round trips nor, on H2, the write lock) and filtered on the deadline, so rows past it count as
 * gone. On a database server, concurrent {@link #check}s share one statement through a {@link RevocationBatcher}
 * (each answered by a statement that began after it arrived), which saves a round trip per request; on an
 * embedded database each check runs a statement of its own, in parallel
 * ({@code fx.security.revocation.sql.lookups-in-flight} chooses). Either way {@link #checkAsync} starts a
 * check without blocking (the revocation look-ahead of recently verified tokens). Every write commits in a transaction of its own; a cutoff only moves forward ({@code GREATEST} in
 * SQL). Each call runs under {@code fx.security.revocation.timeout}: past it the statement is cancelled and
 * the call throws {@link RevocationUnavailableException}, as it does for any database failure. Every
 * {@code fx.security.revocation.sql.sweep-every} writes the instance deletes the expired rows; {@link #prune()}
 * does it on demand.</p>
 *
 * <p>Calls run on the store's own threads (16 on a database server; twice the cores on an embedded one, where a
 * statement is work on those cores), never in the caller's transaction. On H2, whose write transactions
 * take one process-wide lock, a revocation <em>write</em> from inside a transaction therefore waits for that
 * transaction and fails with {@link RevocationUnavailableException} after the timeout: revoke outside one.</p>
 *
 * @since 0.5.0
 */
@Singleton
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.SQL)
@Requires(beans = RawSql.class)
public final class SqlRevoker implements Revoker {

    private static final Logger LOG = LoggerFactory.getLogger(SqlRevoker.class);
    private static final String CHECKING = "checking a token";
    /** The most {@code fx.security.revocation.sql.lookups-in-flight} may be. */
    private static final int MAX_IN_FLIGHT = 16;
    /** The store's threads on a database server, whose statements wait on the network: one per lookup in flight. */
    private static final int SERVER_THREADS = MAX_IN_FLIGHT;
    /**
     * The widths of the batched statement (ids of each kind): few, so the database keeps each one prepared; a
     * batch pads its ids to the next width. The widest is the largest batch.
     */
    private static final int[] WIDTHS = {1, 2, 4, 8, 16, 32, 64, 128};

    private final RawSql store;
    private final RevocationStatements sql;
    private final TimedCalls calls;
    private final int sweepEvery;
    private final AtomicInteger writes = new AtomicInteger();
    /** The batched statement in each width; left empty when every check runs a statement of its own. */
    private final String[] batchChecks = new String[WIDTHS.length];
    /** Null when every check runs a statement of its own. */
    private final RevocationBatcher batcher;
    private final int lookupsInFlight;

    SqlRevoker(RawSql store, DatabaseDeadlines deadlines, RevocationConfiguration revocation,
               SqlRevocationConfiguration configuration) {
        this.store = store;
        this.sql = new RevocationStatements(configuration.getTablePrefix());
        this.sweepEvery = Math.max(0, configuration.getSweepEvery());
        int threads = store.isEmbedded() ? embeddedThreads() : SERVER_THREADS;
        this.calls = new TimedCalls(deadlines, revocation.getTimeout(), threads, "fx-revocation-");
        Integer configured = configuration.getLookupsInFlight();
        int inFlight = configured != null ? configured : store.isEmbedded() ? 0 : 1;
        if (inFlight < 0 || inFlight > MAX_IN_FLIGHT) {
            throw new FxConfigurationException(SqlRevocationConfiguration.LOOKUPS_IN_FLIGHT + " must be 0 to "
                + MAX_IN_FLIGHT + ", not " + inFlight);
        }
        if (inFlight > 0) {
            for (int i = 0; i < WIDTHS.length; i++) {
                batchChecks[i] = sql.batchCheck(WIDTHS[i]);
            }
        }
        this.lookupsInFlight = inFlight;
        this.batcher = inFlight == 0 ? null
            : new RevocationBatcher(this::lookup, revocation.getTimeout(), inFlight, WIDTHS[WIDTHS.length - 1]);
        migrate();
    }

    /**
     * The store's threads on an embedded database, whose statements are work on this machine's cores: more
     * threads than twice the cores only add hand-offs (probe {@code s10-h2-exp3}: 4 threads on 2 cores served
     * reads by id 1.11x as fast as 16, paired by round).
     */
    private static int embeddedThreads() {
        return Math.max(2, 2 * Runtime.getRuntime().availableProcessors());
    }

    /**
     * @return how many batched lookups may be under way at once ({@code fx.security.revocation.sql.lookups-in-flight}
     * or its default for the database); 0 when every check runs a statement of its own
     * @since 0.6.0
     */
    public int lookupsInFlight() {
        return lookupsInFlight;
    }

    /**
     * Creates the tables and indexes that are missing; safe to run again, also from several instances at once
     * (a statement that loses a race with another instance is run again and then finds the object).
     */
    public void migrate() {
        store.migrate(sql.migration);
    }

    @Override
    public void revokeToken(@NonNull String jti, @NonNull Instant expiresAt) {
        Instant deadline = expiresAt.truncatedTo(ChronoUnit.MILLIS);
        String id = StoredIds.of(jti);
        calls.call("revoking a token", () -> upsert(List.of(deadline, id), List.of(id, deadline), sql.updateToken,
            sql.insertToken));
        written();
    }

    @Override
    public void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil) {
        Instant at = cutoff.truncatedTo(ChronoUnit.MILLIS);
        Instant until = retainUntil.truncatedTo(ChronoUnit.MILLIS);
        String id = StoredIds.of(userId);
        calls.call("revoking a user", () -> upsert(List.of(at, until, id), List.of(id, at, until),
            sql.updateUser, sql.insertUser));
        written();
    }

    @Override
    public boolean isTokenRevoked(@NonNull String jti) {
        List<Map<String, Object>> rows = read("looking up a token", sql.tokenRevoked,
            List.of(StoredIds.of(jti), Instant.now()));
        return count(rows.get(0).get("revoked")) > 0;
    }

    @Override
    @NonNull
    public Optional<Instant> userCutoff(@NonNull String userId) {
        List<Map<String, Object>> rows = read("looking up a user", sql.userCutoff,
            List.of(StoredIds.of(userId), Instant.now()));
        return rows.isEmpty() ? Optional.empty() : Optional.of((Instant) rows.get(0).get("cutoff"));
    }

    @Override
    @NonNull
    public RevocationStatus check(@NonNull String jti, @NonNull String userId) {
        return batcher != null ? batcher.check(jti, userId) : calls.call(CHECKING, () -> checkNow(jti, userId));
    }

    /** @return the check under way: in the next batch, or a statement of its own on the store's pool */
    @Override
    @NonNull
    public Optional<CompletionStage<RevocationStatus>> checkAsync(@NonNull String jti, @NonNull String userId) {
        return Optional.of(batcher != null ? batcher.submit(jti, userId) : calls.submit(CHECKING, () -> checkNow(jti, userId)));
    }

    private RevocationStatus checkNow(String jti, String userId) {
        Instant now = Instant.now();
        Map<String, Object> row = store.queryPrimary(sql.check,
            List.of(StoredIds.of(jti), now, StoredIds.of(userId), now)).get(0);
        return new RevocationStatus(count(row.get("revoked")) > 0, (Instant) row.get("cutoff"));
    }

    /** One statement for the whole batch, on a thread of the store's pool. */
    private CompletionStage<RevocationBatchResult> lookup(Set<String> jtis, Set<String> userIds) {
        return calls.submit(CHECKING, () -> lookupNow(jtis, userIds));
    }

    private RevocationBatchResult lookupNow(Set<String> jtis, Set<String> userIds) {
        int needed = Math.max(jtis.size(), userIds.size());
        int shape = 0;
        while (WIDTHS[shape] < needed) {
            shape++;
        }
        int width = WIDTHS[shape];
        Instant now = Instant.now();
        Map<String, String> tokenIds = storedIds(jtis);
        Map<String, String> userKeys = storedIds(userIds);
        List<Object> parameters = new ArrayList<>(2 * width + 2);
        padded(parameters, tokenIds.keySet(), width);
        parameters.add(now);
        padded(parameters, userKeys.keySet(), width);
        parameters.add(now);
        Set<String> revoked = new HashSet<>();
        Map<String, Instant> cutoffs = new HashMap<>();
        for (Map<String, Object> row : store.queryPrimary(batchChecks[shape], parameters)) {
            String id = String.valueOf(row.get("id"));
            if ("T".equals(String.valueOf(row.get("kind")).trim())) {
                revoked.add(tokenIds.get(id));
            } else {
                cutoffs.put(userKeys.get(id), (Instant) row.get("cutoff"));
            }
        }
        return new RevocationBatchResult(revoked, cutoffs);
    }

    /** @return the ids by their stored form, which the statement takes and its rows answer */
    private static Map<String, String> storedIds(Set<String> ids) {
        Map<String, String> byStored = new HashMap<>();
        for (String id : ids) {
            byStored.put(StoredIds.of(id), id);
        }
        return byStored;
    }

    /** Adds the ids, then repeats the last one up to {@code width}, so a few statement shapes serve every batch. */
    private static void padded(List<Object> parameters, Set<String> ids, int width) {
        String last = null;
        for (String id : ids) {
            parameters.add(id);
            last = id;
        }
        for (int i = ids.size(); i < width; i++) {
            parameters.add(last);
        }
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
}
