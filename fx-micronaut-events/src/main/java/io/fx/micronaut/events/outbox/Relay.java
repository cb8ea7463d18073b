package io.fx.micronaut.events.outbox;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Delivers the outbox: woken after each commit that wrote an event and every {@code fx.events.poll-interval}, it
 * claims due deliveries under a lease (so one instance at a time attempts each), hands each to its destination,
 * and marks it delivered or schedules a retry with backoff; a delivery out of attempts is marked {@code failed}
 * and logged (id, destination, reason; never the payload). One pass runs at a time, on a thread of its own. A
 * destination that is down fails attempts only: no write and no startup waits for it. On shutdown it stops
 * claiming and lets the publishes under way finish within {@code fx.shutdown-timeout}.
 */
@Internal
@Context
public final class Relay implements ApplicationEventListener<StartupEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(Relay.class);
    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int AGAIN = 2;
    private static final Duration PRUNE_EVERY = Duration.ofMinutes(10);

    private final BeanProvider<OutboxStore> stores;
    private final Destinations destinations;
    private final EventsConfiguration configuration;
    private final TaskScheduler scheduler;
    private final Duration shutdownTimeout;
    private final Backoff backoff;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final AtomicLong failedCount = new AtomicLong();
    private final ExecutorService worker;
    private volatile ScheduledFuture<?> polling;
    private volatile boolean closed;
    private volatile Instant nextPrune = Instant.EPOCH;

    Relay(BeanProvider<OutboxStore> stores, Destinations destinations, EventsConfiguration configuration,
          @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler, FxConfiguration fx) {
        this.stores = stores;
        this.destinations = destinations;
        this.configuration = configuration;
        this.scheduler = scheduler;
        this.shutdownTimeout = fx.getShutdownTimeout();
        this.backoff = new Backoff(configuration.getInitialBackoff(), configuration.getMaxBackoff());
        if (!configuration.getClaimLease().minus(configuration.getPublishTimeout()).isNegative()
            && configuration.getBatchSize() > 0) {
            this.worker = Executors.newSingleThreadExecutor(runnable -> {
                Thread thread = new Thread(runnable, "fx-events-relay");
                thread.setDaemon(true);
                return thread;
            });
        } else {
            throw new io.fx.micronaut.exception.FxConfigurationException(EventsConfiguration.PREFIX
                + ".claim-lease must be at least " + EventsConfiguration.PREFIX + ".publish-timeout, and "
                + EventsConfiguration.PREFIX + ".batch-size positive");
        }
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        if (!destinations.isEmpty()) {
            start();
        }
    }

    /**
     * Creates the outbox tables unless done, starts polling, and wakes the relay: at startup when a destination is
     * configured, and before the first subscription.
     */
    public void start() {
        startPolling();
        wake();
    }

    /** Starts a pass unless one is under way, in which case that one runs again when it ends. Never blocks. */
    public void wake() {
        if (polling == null) {
            return;
        }
        while (!closed) {
            int current = state.get();
            if (current == IDLE) {
                if (state.compareAndSet(IDLE, RUNNING)) {
                    try {
                        worker.execute(this::drain);
                    } catch (java.util.concurrent.RejectedExecutionException e) {
                        state.set(IDLE);
                    }
                    return;
                }
            } else if (current == RUNNING) {
                if (state.compareAndSet(RUNNING, AGAIN)) {
                    return;
                }
            } else {
                return;
            }
        }
    }

    private synchronized void startPolling() {
        if (polling == null && !closed) {
            stores.get();
            Duration interval = configuration.getPollInterval();
            polling = scheduler.scheduleWithFixedDelay(interval, interval, this::wake);
        }
    }

    private void drain() {
        while (true) {
            try {
                deliverDue();
            } catch (RuntimeException | Error e) {
                LOG.warn("The event relay could not read the outbox; it tries again in {}: {}",
                    configuration.getPollInterval(), e.toString());
            }
            if (state.compareAndSet(RUNNING, IDLE)) {
                return;
            }
            state.set(RUNNING);
        }
    }

    private void deliverDue() {
        OutboxStore store = stores.get();
        int batch = configuration.getBatchSize();
        while (!closed) {
            Instant now = Instant.now();
            List<OutboxStore.Claimed> claimed = store.claim(destinations.names(), batch, now,
                now.plus(configuration.getClaimLease()));
            if (claimed.isEmpty()) {
                break;
            }
            deliver(store, claimed);
            if (claimed.size() < batch) {
                break;
            }
        }
        pruneNowAndThen(store);
    }

    private void deliver(OutboxStore store, List<OutboxStore.Claimed> claimed) {
        Duration timeout = configuration.getPublishTimeout();
        Map<OutboxStore.Claimed, CompletableFuture<Void>> attempts = new LinkedHashMap<>();
        for (OutboxStore.Claimed delivery : claimed) {
            EventDestination destination = destinations.find(delivery.destination());
            CompletableFuture<Void> attempt;
            if (destination == null) {
                attempt = CompletableFuture.failedFuture(new IllegalStateException("the destination is not subscribed"));
            } else {
                try {
                    attempt = destination.deliver(delivery.event()).toCompletableFuture();
                } catch (RuntimeException e) {
                    attempt = CompletableFuture.failedFuture(e);
                }
            }
            attempts.put(delivery, attempt.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS));
        }
        Map<String, List<String>> delivered = new LinkedHashMap<>();
        Instant now;
        for (Map.Entry<OutboxStore.Claimed, CompletableFuture<Void>> entry : attempts.entrySet()) {
            OutboxStore.Claimed delivery = entry.getKey();
            Throwable failure = outcome(entry.getValue());
            if (failure == null) {
                delivered.computeIfAbsent(delivery.destination(), d -> new ArrayList<>()).add(delivery.event().id());
            } else {
                failed(store, delivery, failure);
            }
        }
        now = Instant.now();
        for (Map.Entry<String, List<String>> entry : delivered.entrySet()) {
            store.delivered(entry.getKey(), entry.getValue(), now);
        }
    }

    private static Throwable outcome(CompletableFuture<Void> attempt) {
        try {
            attempt.join();
            return null;
        } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
            return e.getCause() != null ? e.getCause() : e;
        }
    }

    private void failed(OutboxStore store, OutboxStore.Claimed delivery, Throwable failure) {
        String reason = failure instanceof TimeoutException
            ? "no acknowledgement within " + configuration.getPublishTimeout()
            : failure.getClass().getSimpleName() + (failure.getMessage() == null ? "" : ": " + failure.getMessage());
        int max = configuration.getMaxAttempts();
        boolean exhausted = max > 0 && delivery.attempt() >= max;
        Instant next = Instant.now().plus(backoff.after(delivery.attempt()));
        if (exhausted) {
            failedCount.incrementAndGet();
            LOG.warn("Event {} could not be delivered to {} after {} attempts; marked failed: {}",
                delivery.event().id(), delivery.destination(), delivery.attempt(), reason);
        } else {
            LOG.debug("Event {} to {}: attempt {} failed ({}); next at {}", delivery.event().id(),
                delivery.destination(), delivery.attempt(), reason, next);
        }
        store.attemptFailed(delivery.destination(), delivery.event().id(), reason, next, exhausted);
    }

    private void pruneNowAndThen(OutboxStore store) {
        Instant now = Instant.now();
        if (now.isBefore(nextPrune)) {
            return;
        }
        nextPrune = now.plus(PRUNE_EVERY);
        int pruned = store.prune(now.minus(configuration.getRetention()));
        if (pruned > 0) {
            LOG.debug("Pruned {} delivered events from the outbox", pruned);
        }
    }

    /** @return how many deliveries ran out of attempts since startup */
    public long failedSinceStartup() {
        return failedCount.get();
    }

    /** Stops claiming, and waits for the pass under way within {@code fx.shutdown-timeout}. */
    @PreDestroy
    void close() {
        closed = true;
        ScheduledFuture<?> scheduled = polling;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
        worker.shutdown();
        try {
            if (!worker.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("The event relay did not finish its publishes within {}; they are delivered again later",
                    shutdownTimeout);
                worker.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            worker.shutdownNow();
        }
    }
}
