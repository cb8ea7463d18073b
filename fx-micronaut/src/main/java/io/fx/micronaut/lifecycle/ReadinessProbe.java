package io.fx.micronaut.lifecycle;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the readiness checks: the database ping plus every {@link ReadinessCheck}, in parallel, within
 * one shared budget. Concurrent callers share one run. Failures are logged, never returned.
 */
@Internal
@Singleton
@Context
public final class ReadinessProbe {

    private static final Logger LOG = LoggerFactory.getLogger(ReadinessProbe.class);
    /** The name of the built-in database check. */
    public static final String DB = "db";

    private final DataStore dataStore;
    private final List<ReadinessCheck> checks;
    private final ExecutorService executor;
    private final Duration budget;
    private final AtomicReference<CompletableFuture<Map<String, Boolean>>> running = new AtomicReference<>();

    /**
     * @param dataStore     the data store to ping
     * @param beans         readiness check beans
     * @param sources       beans contributing further checks
     * @param executor      the blocking executor the checks run on
     * @param configuration server configuration (budget)
     */
    public ReadinessProbe(DataStore dataStore, List<ReadinessCheck> beans, List<ReadinessCheckSource> sources,
                          @Named(TaskExecutors.BLOCKING) ExecutorService executor, FxConfiguration configuration) {
        List<ReadinessCheck> checks = new ArrayList<>(beans);
        sources.forEach(source -> checks.addAll(source.readinessChecks()));
        Set<String> names = new HashSet<>();
        for (ReadinessCheck check : checks) {
            String name = check.name();
            if (name == null || name.isBlank()) {
                throw new FxConfigurationException("Readiness check " + check.getClass().getName() + " has an empty name");
            }
            if (DB.equals(name)) {
                throw new FxConfigurationException("Readiness check " + check.getClass().getName()
                    + " uses the reserved name 'db'");
            }
            if (!names.add(name)) {
                throw new FxConfigurationException("Two readiness checks share the name '" + name + "'");
            }
        }
        this.dataStore = dataStore;
        this.checks = List.copyOf(checks);
        this.executor = executor;
        this.budget = configuration.getHealthTimeout();
    }

    /**
     * Runs the checks, or joins the run already under way.
     *
     * @return each check's name and whether it passed, the database first
     */
    @NonNull
    public Map<String, Boolean> check() {
        CompletableFuture<Map<String, Boolean>> mine = new CompletableFuture<>();
        CompletableFuture<Map<String, Boolean>> current = running.compareAndExchange(null, mine);
        if (current != null) {
            return current.join();
        }
        try {
            Map<String, Boolean> result = runAll(checks);
            mine.complete(result);
            return result;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            running.set(null);
        }
    }

    /** Pings the database within the budget; failures are logged. @return whether it answered */
    public boolean pingDatabase() {
        return runAll(List.of()).get(DB);
    }

    private Map<String, Boolean> runAll(List<ReadinessCheck> selected) {
        Map<String, CompletableFuture<Boolean>> futures = new LinkedHashMap<>();
        futures.put(DB, CompletableFuture.supplyAsync(() -> attempt(DB, dataStore::ping), executor));
        for (ReadinessCheck check : selected) {
            futures.put(check.name(), CompletableFuture.supplyAsync(() -> attempt(check.name(), () -> {
                try {
                    check.check();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }), executor));
        }
        long deadline = System.nanoTime() + budget.toNanos();
        Map<String, Boolean> results = new LinkedHashMap<>();
        List<String> timedOut = new ArrayList<>();
        for (Map.Entry<String, CompletableFuture<Boolean>> entry : futures.entrySet()) {
            try {
                long left = Math.max(0, deadline - System.nanoTime());
                results.put(entry.getKey(), entry.getValue().get(left, TimeUnit.NANOSECONDS));
            } catch (java.util.concurrent.TimeoutException e) {
                entry.getValue().cancel(true);
                timedOut.add(entry.getKey());
                results.put(entry.getKey(), false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                results.put(entry.getKey(), false);
            } catch (java.util.concurrent.ExecutionException e) {
                results.put(entry.getKey(), false);
            }
        }
        if (!timedOut.isEmpty()) {
            LOG.warn("Readiness checks {} did not answer within the shared budget of {}", timedOut, budget);
        }
        return results;
    }

    private static boolean attempt(String name, Runnable check) {
        try {
            check.run();
            return true;
        } catch (RuntimeException e) {
            LOG.warn("Readiness check '{}' failed: {}", name, e.toString());
            return false;
        }
    }
}
