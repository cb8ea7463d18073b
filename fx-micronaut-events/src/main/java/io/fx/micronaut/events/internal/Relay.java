package io.fx.micronaut.events.internal;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.Transactions;
import io.fx.micronaut.events.EventDeliveryException;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventsConfiguration;
import io.fx.micronaut.events.FxEvents;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.MiddlewareInventory;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Delivers the outbox: woken after each commit that wrote an event and every {@code fx.events.poll-interval}.
 * Each destination has a loop of its own, so a destination that is down (each attempt waiting out
 * {@code publish-timeout}) holds back nothing else. A loop claims its due deliveries under a lease (so one instance
 * at a time attempts each; on an embedded database, which one process owns, the claim only reads, see
 * {@link OutboxStore#claim}), hands them to the destination, and marks each delivered or schedules a retry with
 * backoff (or after the delays of the destination's {@link EventDestination#retrySchedule()}, or when an
 * {@link EventDeliveryException} asks); a delivery out of attempts, or failed for good, is marked {@code failed}
 * and logged (id, destination, reason; never the payload). A mark only applies while this instance still holds
 * the lease. No write and no startup waits for a destination. On shutdown the relay stops claiming and lets the
 * publishes under way finish within {@code fx.shutdown-timeout}.
 *
 * <p>The relay also owns the outbox tables: they are created while the application starts when a destination is
 * configured or a model emits, and otherwise with the first subscription; never inside a caller's transaction.
 * A write that would emit before they exist (from a bean made while the context starts, before any model is known
 * to emit) fails rather than lose its event.</p>
 */
@Internal
@Context
public final class Relay implements ApplicationEventListener<StartupEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(Relay.class);
    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int AGAIN = 2;
    private static final int SCHEDULED = 3;
    private static final Duration PRUNE_EVERY = Duration.ofMinutes(10);
    private static final String PRUNE = "";

    private final BeanProvider<OutboxStore> stores;
    private final Destinations destinations;
    private final EventsConfiguration configuration;
    private final TaskScheduler scheduler;
    private final Transactions transactions;
    private final Duration shutdownTimeout;
    private final Backoff backoff;
    private final Map<String, Loop> loops = new ConcurrentHashMap<>();
    private final AtomicBoolean warned = new AtomicBoolean();
    private final ExecutorService workers;
    private volatile OutboxStore store;
    private volatile ScheduledFuture<?> polling;
    private volatile boolean closed;
    private volatile Instant nextPrune = Instant.EPOCH;

    private final FxEvents events;
    private final BeanProvider<MiddlewareInventory> pipeline;

    /**
     * @param pipeline the compiled pipeline, which binds every {@link FxEvents#emit()} registration
     */
    Relay(BeanProvider<OutboxStore> stores, Destinations destinations, EventsConfiguration configuration,
          @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler, Transactions transactions, FxConfiguration fx,
          FxEvents events, BeanProvider<MiddlewareInventory> pipeline) {
        if (configuration.getBatchSize() < 1 || configuration.getClaimLease().compareTo(configuration.getPublishTimeout()) < 0) {
            throw new FxConfigurationException(EventsConfiguration.PREFIX + ".batch-size must be positive and "
                + EventsConfiguration.PREFIX + ".claim-lease must be at least " + EventsConfiguration.PREFIX
                + ".publish-timeout");
        }
        configuration.getBatchSizes().forEach((destination, size) -> {
            if (size == null || size < 1) {
                throw new FxConfigurationException(EventsConfiguration.PREFIX + ".batch-sizes." + destination
                    + " must be positive");
            }
        });
        this.stores = stores;
        this.events = events;
        this.pipeline = pipeline;
        this.destinations = destinations;
        this.configuration = configuration;
        this.scheduler = scheduler;
        this.transactions = transactions;
        this.shutdownTimeout = fx.getShutdownTimeout();
        this.backoff = new Backoff(configuration.getInitialBackoff(), configuration.getMaxBackoff());
        AtomicInteger count = new AtomicInteger();
        this.workers = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "fx-events-relay-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        for (String name : destinations.names()) {
            checkTimeout(destinations.find(name), configuration);
        }
        if (!destinations.isEmpty()) {
            prepare();
        }
    }

    private static void checkTimeout(@Nullable EventDestination destination, EventsConfiguration configuration) {
        if (destination != null && destination.deliveryTimeout()
            .filter(timeout -> timeout.compareTo(configuration.getClaimLease()) > 0).isPresent()) {
            throw new FxConfigurationException("The event destination '" + destination.name() + "' takes up to "
                + destination.deliveryTimeout().get() + " per delivery, longer than " + EventsConfiguration.PREFIX
                + ".claim-lease (" + configuration.getClaimLease() + "): raise the lease or shorten its timeout");
        }
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        pipeline.get();
        if (events.emitsAnyModel()) {
            prepare();
        }
        if (store != null) {
            startPolling();
            wake();
        }
    }

    /**
     * Creates the outbox tables unless done, then starts polling: before the first subscription of an application
     * that had no reason to create them at startup.
     *
     * @throws IllegalStateException when the tables are still missing and a transaction is active (DDL would
     *                               commit or abort it)
     */
    public void start() {
        prepare();
        startPolling();
        wake();
    }

    private synchronized void prepare() {
        if (store == null) {
            if (transactions.isActive()) {
                throw new IllegalStateException("The event outbox's tables do not exist yet, and they are not created"
                    + " inside a transaction: make the first subscription outside one");
            }
            store = stores.get();
        }
    }

    /**
     * @return the outbox
     * @throws IllegalStateException when its tables were not created (no model emitted and nothing subscribed at
     *                               startup)
     */
    @NonNull
    OutboxStore store() {
        OutboxStore ready = store;
        if (ready == null) {
            throw new IllegalStateException("The event outbox is not ready: no model emitted and no destination "
                + "existed when the application started");
        }
        return ready;
    }

    /** @return the outbox, or null while its tables were never needed */
    @Nullable
    OutboxStore storeIfReady() {
        return store;
    }

    private synchronized void startPolling() {
        if (polling == null && !closed) {
            Duration interval = configuration.getPollInterval();
            polling = scheduler.scheduleWithFixedDelay(interval, interval, this::wake);
        }
    }

    /** Wakes every destination's loop (and, now and then, the pruning); never blocks. */
    public void wake() {
        if (polling == null || closed) {
            return;
        }
        for (String destination : destinations.names()) {
            loops.computeIfAbsent(destination, Loop::new).wake();
        }
        if (!Instant.now().isBefore(nextPrune)) {
            loops.computeIfAbsent(PRUNE, Loop::new).wake();
        }
    }

    /**
     * Makes a destination's next pass look for due deliveries from the start of its range (see {@link ClaimFloor}):
     * failed ones were made due again.
     *
     * @param destination the destination
     */
    void rescan(@NonNull String destination) {
        loops.computeIfAbsent(destination, Loop::new).floor.rescan();
    }

    private void deliverDue(String destination, ClaimFloor floor) {
        OutboxStore outbox = store();
        int batch = configuration.getBatchSizes().getOrDefault(destination, configuration.getBatchSize());
        // a subscription closed during the pass stops it: its deliveries wait, attempts untouched, until a
        // subscription of that name comes back (claiming them for a destination that is gone would fail each)
        while (!closed && destinations.find(destination) != null) {
            Instant now = Instant.now();
            Instant leaseEnd = now.plus(configuration.getClaimLease()).truncatedTo(ChronoUnit.MILLIS);
            OutboxStore.Claim claim = outbox.claim(destination, batch, now, leaseEnd,
                floor.advance(outbox, destination, now));
            if (claim.deliveries().isEmpty()) {
                return;
            }
            deliver(outbox, destination, claim.deliveries(), leaseEnd);
            if (!claim.more()) {
                return;
            }
        }
    }

    private void deliver(OutboxStore outbox, String name, List<OutboxStore.Claimed> claimed, Instant leaseEnd) {
        EventDestination destination = destinations.find(name);
        long timeout = (destination == null ? Optional.<Duration>empty() : destination.deliveryTimeout())
            .orElse(configuration.getPublishTimeout()).toMillis();
        Map<OutboxStore.Claimed, CompletableFuture<Void>> attempts = new LinkedHashMap<>();
        for (OutboxStore.Claimed delivery : claimed) {
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
            attempts.put(delivery, attempt.orTimeout(timeout, TimeUnit.MILLISECONDS));
        }
        List<Long> delivered = new ArrayList<>();
        Map<OutboxStore.Claimed, Throwable> failed = new LinkedHashMap<>();
        for (Map.Entry<OutboxStore.Claimed, CompletableFuture<Void>> entry : attempts.entrySet()) {
            Throwable failure = outcome(entry.getValue());
            if (failure == null) {
                delivered.add(entry.getKey().seq());
            } else {
                failed.put(entry.getKey(), failure);
            }
        }
        // what arrived is marked first: a database that fails now costs resends of what failed, not of what arrived
        outbox.delivered(name, delivered, Instant.now(), leaseEnd);
        failed.forEach((delivery, failure) -> failed(outbox, destination, delivery, failure, leaseEnd, timeout));
    }

    private static Throwable outcome(CompletableFuture<Void> attempt) {
        try {
            attempt.join();
            return null;
        } catch (CompletionException | CancellationException e) {
            return e.getCause() != null ? e.getCause() : e;
        }
    }

    private void failed(OutboxStore outbox, @Nullable EventDestination destination, OutboxStore.Claimed delivery,
                        Throwable failure, Instant leaseEnd, long timeout) {
        String reason;
        if (failure instanceof TimeoutException) {
            reason = "no acknowledgement within " + Duration.ofMillis(timeout);
        } else if (failure instanceof EventDeliveryException) {
            reason = failure.getMessage();
        } else {
            reason = failure.getClass().getSimpleName() + (failure.getMessage() == null ? "" : ": " + failure.getMessage());
        }
        EventDeliveryException told = failure instanceof EventDeliveryException e ? e : null;
        Optional<List<Duration>> schedule = destination == null ? Optional.empty() : destination.retrySchedule();
        int attempt = delivery.attempt();
        boolean exhausted;
        Duration delay;
        if (schedule.isPresent()) {
            List<Duration> delays = schedule.get();
            exhausted = attempt > delays.size();
            delay = exhausted ? Duration.ZERO : Backoff.spread(delays.get(attempt - 1));
        } else {
            int max = configuration.getMaxAttempts();
            exhausted = max > 0 && attempt >= max;
            delay = backoff.after(attempt);
        }
        if (told != null) {
            exhausted = exhausted || told.isPermanent();
            delay = told.getRetryAfter().orElse(delay);
        }
        Instant next = Instant.now().plus(delay);
        if (exhausted) {
            LOG.warn("Event {} could not be delivered to {} after {} attempts; marked failed: {}",
                delivery.event().id(), delivery.destination(), attempt, reason);
        } else {
            LOG.debug("Event {} to {}: attempt {} failed ({}); next at {}", delivery.event().id(),
                delivery.destination(), attempt, reason, next);
        }
        outbox.attemptFailed(delivery.destination(), delivery.seq(), reason, next, exhausted, leaseEnd);
    }

    private void prune() {
        Instant now = Instant.now();
        if (now.isBefore(nextPrune)) {
            return;
        }
        nextPrune = now.plus(PRUNE_EVERY);
        int pruned = store().prune(now.minus(configuration.getRetention()));
        if (pruned > 0) {
            LOG.debug("Pruned {} delivered events from the outbox", pruned);
        }
    }

    /** Stops claiming, and waits for the passes under way within {@code fx.shutdown-timeout}. */
    @PreDestroy
    void close() {
        closed = true;
        ScheduledFuture<?> scheduled = polling;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
        workers.shutdown();
        try {
            if (!workers.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("The event relay did not finish its publishes within {}; they are delivered again after their"
                    + " lease", shutdownTimeout);
                workers.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.shutdownNow();
        }
    }

    /** One destination's passes (or the pruning's, under the empty name): one at a time, again if woken meanwhile. */
    private final class Loop {

        private final String destination;
        private final AtomicInteger state = new AtomicInteger(IDLE);
        private final ClaimFloor floor = new ClaimFloor();

        Loop(String destination) {
            this.destination = destination;
        }

        /**
         * Schedules a pass after {@code fx.events.wake-delay} unless one is scheduled or under way (then that one
         * runs again): the commits of that window are claimed together instead of one claim per commit.
         */
        void wake() {
            while (!closed) {
                int current = state.get();
                if (current == IDLE) {
                    if (state.compareAndSet(IDLE, SCHEDULED)) {
                        schedule();
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

        private void schedule() {
            try {
                scheduler.schedule(configuration.getWakeDelay(), () -> {
                    try {
                        workers.execute(this::drain);
                    } catch (RejectedExecutionException e) {
                        state.set(IDLE);
                    }
                });
            } catch (RejectedExecutionException e) {
                state.set(IDLE);
            }
        }

        private void drain() {
            state.set(RUNNING);
            try {
                if (destination.equals(PRUNE)) {
                    prune();
                } else {
                    deliverDue(destination, floor);
                }
                if (warned.compareAndSet(true, false)) {
                    LOG.info("The event relay reads the outbox again");
                }
            } catch (RuntimeException | Error e) {
                if (warned.compareAndSet(false, true)) {
                    LOG.warn("The event relay cannot read or mark the outbox; it tries again every {}: {}",
                        configuration.getPollInterval(), e.toString());
                } else {
                    LOG.debug("The event relay still cannot read or mark the outbox", e);
                }
            }
            if (closed || state.compareAndSet(RUNNING, IDLE)) {
                return;
            }
            state.set(SCHEDULED);
            schedule();
        }
    }
}
