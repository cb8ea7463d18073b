package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.scheduled.ModelSweep;
import io.fx.micronaut.scheduled.ScheduledConfiguration;
import io.fx.micronaut.scheduled.ScheduledRunner;
import io.fx.micronaut.scheduled.ScheduledTransition;
import io.fx.micronaut.scheduled.SweepError;
import io.fx.micronaut.scheduled.SweepReport;
import io.micronaut.context.BeanContext;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.ShutdownEvent;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.runtime.server.event.ServerShutdownEvent;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@link ScheduledRunner}: checks its configuration and the models' scheduled fields when created (so a
 * mistake fails startup), starts after auto-migration, ticks on Micronaut's scheduled executor with a fixed delay,
 * and stops at shutdown before the data source closes.
 */
@Internal
@Singleton
final class DefaultScheduledRunner implements ScheduledRunner {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultScheduledRunner.class);

    private final ScheduledConfiguration configuration;
    private final List<ModelSweeper> sweepers;
    private final TaskScheduler scheduler;
    private final SweepLock lock;
    private final BeanContext beans;
    private final Clock clock;
    private final ScheduledMeters meters;
    private final Duration lockAtLeastFor;
    private final Duration stopTimeout;
    private final ReentrantLock sweeping = new ReentrantLock();
    private final Object state = new Object();
    private volatile boolean stopped;
    private ScheduledFuture<?> ticks;

    DefaultScheduledRunner(ScheduledConfiguration configuration, FxConfiguration fx, ScheduledModels models,
                           DataStore store, @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler, SweepLock lock,
                           BeanContext beans, @Nullable Clock clock, @Nullable ScheduledMeters meters) {
        this.configuration = configuration;
        this.lockAtLeastFor = configuration.getLockAtLeastFor().orElseGet(() -> defaultLockAtLeastFor(configuration));
        this.stopTimeout = configuration.getStopTimeout().orElse(fx.getShutdownTimeout());
        check(configuration, lockAtLeastFor, stopTimeout);
        List<ModelSweeper> list = new ArrayList<>();
        models.schedules().forEach((name, schedules) -> list.add(new ModelSweeper(models.model(name), schedules, store)));
        this.sweepers = List.copyOf(list);
        this.scheduler = scheduler;
        this.lock = lock;
        this.beans = beans;
        this.clock = clock == null ? Clock.systemUTC() : clock;
        this.meters = meters;
    }

    /** Half the interval, kept below half of lock-at-most-for, so a long interval alone never fails startup. */
    private static Duration defaultLockAtLeastFor(ScheduledConfiguration configuration) {
        Duration half = configuration.getInterval().dividedBy(2);
        Duration cap = configuration.getLockAtMostFor().dividedBy(2);
        return half.compareTo(cap) > 0 ? cap : half;
    }

    private static void check(ScheduledConfiguration configuration, Duration lockAtLeastFor, Duration stopTimeout) {
        positive("interval", configuration.getInterval());
        if (configuration.getInitialDelay().isNegative()) {
            throw invalid("initial-delay", "must not be negative");
        }
        if (configuration.getBatchSize() <= 0) {
            throw invalid("batch-size", "must be positive");
        }
        positive("lock-at-most-for", configuration.getLockAtMostFor());
        positive("lock-at-least-for", lockAtLeastFor);
        positive("stop-timeout", stopTimeout);
        if (lockAtLeastFor.compareTo(configuration.getLockAtMostFor()) >= 0) {
            throw invalid("lock-at-least-for", "must be below fx.scheduled.lock-at-most-for");
        }
    }

    private static void positive(String key, Duration value) {
        if (value.isZero() || value.isNegative()) {
            throw invalid(key, "must be positive");
        }
    }

    private static FxConfigurationException invalid(String key, String problem) {
        return new FxConfigurationException("fx.scheduled." + key + " " + problem);
    }

    /** Starts ticking once auto-migration has run (its listener runs first), when enabled and needed. */
    @EventListener
    @Order(Ordered.LOWEST_PRECEDENCE)
    void onStartup(StartupEvent event) {
        if (configuration.isEnabled()) {
            start();
        }
    }

    @EventListener
    void onServerShutdown(ServerShutdownEvent event) {
        stop();
    }

    @EventListener
    void onShutdown(ShutdownEvent event) {
        stop();
    }

    @PreDestroy
    void close() {
        stop();
    }

    @Override
    public void start() {
        if (sweepers.isEmpty()) {
            return;
        }
        synchronized (state) {
            if (stopped || ticks != null) {
                return;
            }
            if (configuration.isSingleRunner()) {
                lock.createTable();
            }
            ticks = scheduler.scheduleWithFixedDelay(configuration.getInitialDelay(), configuration.getInterval(),
                this::tick);
            LOG.info("Scheduled fields: sweeping {} every {}{}", sweepers.stream().map(ModelSweeper::model).toList(),
                configuration.getInterval(), configuration.isSingleRunner() ? ", one replica at a time" : "");
        }
    }

    @Override
    public void stop() {
        ScheduledFuture<?> running;
        synchronized (state) {
            if (stopped) {
                return;
            }
            stopped = true;
            running = ticks;
            ticks = null;
        }
        if (running == null) {
            return;
        }
        running.cancel(false);
        try {
            if (sweeping.tryLock(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                sweeping.unlock();
            } else {
                LOG.warn("Scheduled fields: the running sweep did not finish within {}", stopTimeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        synchronized (state) {
            return ticks != null;
        }
    }

    /** One tick: a sweep, under the lock across replicas when single-runner; nothing escapes to stop the loop. */
    void tick() {
        if (stopped) {
            return;
        }
        try {
            if (configuration.isSingleRunner()) {
                Optional<SweepReport> report = lock.run(configuration.getLockAtMostFor(), lockAtLeastFor,
                    () -> sweep(true));
                tickOutcome(report.isPresent() ? "swept" : "locked");
            } else {
                sweep(true);
                tickOutcome("swept");
            }
        } catch (RuntimeException e) {
            tickOutcome("failed");
            LOG.error("Scheduled fields: a tick failed and was skipped ({})", e.getClass().getSimpleName(), e);
        }
    }

    private void tickOutcome(String outcome) {
        if (meters != null) {
            meters.tick(outcome);
        }
    }

    @Override
    @NonNull
    public SweepReport sweep() {
        return sweep(false);
    }

    /** @param tick whether the schedule runs it, so stopping ends it after the running model */
    private SweepReport sweep(boolean tick) {
        sweeping.lock();
        try {
            long started = System.nanoTime();
            SweepReport report = sweepModels(tick);
            if (meters != null) {
                meters.sweepTook(System.nanoTime() - started);
            }
            return report;
        } finally {
            sweeping.unlock();
        }
    }

    private SweepReport sweepModels(boolean tick) {
        SweepContext context = SweepContext.next();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        int updated = 0;
        int deleted = 0;
        int skipped = 0;
        boolean truncated = false;
        List<SweepError> errors = new ArrayList<>();
        Map<String, ModelSweep> perModel = new LinkedHashMap<>();
        for (ModelSweeper sweeper : sweepers) {
            if (tick && stopped) {
                break; // stopping: the batch that ran has committed; start no other
            }
            ModelSweep counts;
            try {
                ModelSweeper.Outcome outcome = sweeper.sweep(context, now, configuration.getBatchSize());
                counts = outcome.counts();
                errors.addAll(outcome.errors());
                announce(outcome.transitions());
            } catch (RuntimeException e) {
                String reason = ModelSweeper.reason(e);
                errors.add(new SweepError(sweeper.model(), null, reason));
                LOG.error("Scheduled sweep of {} failed and its batch was rolled back: {}", sweeper.model(), reason, e);
                counts = new ModelSweep(0, 0, 0, 1, false, true);
            }
            perModel.put(sweeper.model(), counts);
            updated += counts.updated();
            deleted += counts.deleted();
            skipped += counts.skipped();
            truncated |= counts.truncated();
            if (meters != null) {
                meters.model(sweeper.model(), counts);
            }
        }
        return new SweepReport(updated, deleted, skipped, truncated, List.copyOf(errors),
            java.util.Collections.unmodifiableMap(perModel));
    }

    /** Publishes each committed transition to every listener; one that throws is logged and the rest still run. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void announce(List<ScheduledTransition> transitions) {
        if (transitions.isEmpty()) {
            return;
        }
        Collection<ApplicationEventListener> listeners = beans.getBeansOfType(ApplicationEventListener.class,
            Qualifiers.byTypeArguments(ScheduledTransition.class));
        for (ScheduledTransition transition : transitions) {
            if (meters != null) {
                meters.transition(transition);
            }
            for (ApplicationEventListener listener : listeners) {
                try {
                    if (listener.supports(transition)) {
                        listener.onApplicationEvent(transition);
                    }
                } catch (RuntimeException e) {
                    LOG.error("Scheduled fields: a listener of {} {} {} failed ({})", transition.model(),
                        transition.recordId(), transition.action(), e.getClass().getSimpleName(), e);
                }
            }
        }
    }
}
