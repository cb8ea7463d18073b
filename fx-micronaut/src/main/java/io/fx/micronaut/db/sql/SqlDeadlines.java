package io.fx.micronaut.db.sql;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.value.PropertyResolver;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The deadlines of the threads serving requests, and the watchdog that expires them and cancels their
 * statements. Each request's expiry is timed by a {@link DeadlineTimer} (with Netty present, a timing wheel whose
 * arming wakes no thread, where a scheduled executor would signal its thread for nearly every request). The
 * expiries that do fire, and the cancels, run on two daemon threads (a PostgreSQL cancel opens a connection to
 * the server, so one slow cancel must not hold up another expiry).
 */
@Internal
@Singleton
final class SqlDeadlines implements DatabaseDeadlines {

    /** The property of the per-request budget. */
    static final String QUERY_TIMEOUT = FxConfiguration.PREFIX + ".query-timeout";

    private final ThreadLocal<RequestDeadline> current = new ThreadLocal<>();
    private final ScheduledThreadPoolExecutor watchdog;
    private final DeadlineTimer expiries;
    private final Duration budget;

    @Inject
    SqlDeadlines(FxConfiguration configuration, PropertyResolver properties) {
        this(budget(configuration, properties));
    }

    /** @param budget the per-request budget; zero for none */
    SqlDeadlines(Duration budget) {
        this(budget, true);
    }

    /**
     * @param budget the per-request budget; zero for none
     * @param wheel  whether to time expiries on Netty's wheel where it is present (else on the watchdog)
     */
    SqlDeadlines(Duration budget, boolean wheel) {
        this.budget = budget;
        AtomicInteger count = new AtomicInteger();
        this.watchdog = new ScheduledThreadPoolExecutor(2, runnable -> {
            Thread thread = new Thread(runnable, "fx-db-deadline-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.watchdog.setRemoveOnCancelPolicy(true);
        this.expiries = wheel ? DeadlineTimer.create(watchdog) : DeadlineTimer.scheduled(watchdog);
    }

    /**
     * {@code fx.query-timeout}, where a bare number counts as milliseconds: Micronaut converts only
     * values with a unit ({@code 0s}, {@code 500ms}) and would fall back to the 30 s default for
     * {@code 0}, which must mean unlimited.
     *
     * @param configuration the bound configuration
     * @param properties    the raw properties
     * @return the per-request budget
     */
    static Duration budget(FxConfiguration configuration, PropertyResolver properties) {
        String raw = properties.getProperty(QUERY_TIMEOUT, String.class).map(String::trim).orElse("");
        if (!raw.isEmpty() && raw.chars().allMatch(Character::isDigit)) {
            return Duration.ofMillis(Long.parseLong(raw));
        }
        return configuration.getQueryTimeout();
    }

    @Override
    @NonNull
    public DatabaseDeadline start() {
        return start(budget);
    }

    @Override
    @NonNull
    public DatabaseDeadline start(@NonNull Duration budget) {
        RequestDeadline outer = current.get();
        if (outer != null) {
            return new DatabaseDeadline() {
                @Override
                public void cancel() {
                    outer.cancel();
                }

                @Override
                public void close() {
                }
            };
        }
        long nanos = budget.isNegative() ? 0 : budget.toNanos();
        RequestDeadline deadline = new RequestDeadline(nanos, expiries, watchdog, current::remove);
        current.set(deadline);
        return deadline;
    }

    /** @return the deadline of the current thread, or null outside a request */
    RequestDeadline current() {
        return current.get();
    }

    /** @return the configured per-request budget; zero for none */
    Duration budget() {
        return budget;
    }

    @PreDestroy
    void close() {
        expiries.stop();
        watchdog.shutdownNow();
    }
}
