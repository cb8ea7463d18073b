package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobQueueException;
import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobStatus;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.tree.JsonNode;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The in-process store ({@code fx.jobs.store: memory}, the default): jobs live in this instance's memory and are
 * lost when it stops; {@code fx.jobs.concurrency} workers run them, a timer releases delayed jobs and retries, and
 * a finished job's status is dropped {@code fx.jobs.status-ttl} later.
 */
@Internal
@Singleton
@Requires(property = JobsConfiguration.ENABLED, notEquals = "false")
@Requires(property = JobsConfiguration.STORE, value = JobsConfiguration.MEMORY, defaultValue = JobsConfiguration.MEMORY)
final class MemoryJobQueue implements JobQueue {

    private static final Logger LOG = LoggerFactory.getLogger(MemoryJobQueue.class);

    private final JobsSettings settings;
    private final JobHandlers handlers;
    private final JobBackoff backoff;
    private final JobWorkers workers;
    private final Map<String, MemoryJob> jobs = new HashMap<>();
    private final Map<String, String> unique = new HashMap<>();
    private boolean closed;

    MemoryJobQueue(JobsSettings settings, JobHandlers handlers) {
        this.settings = settings;
        this.handlers = handlers;
        this.backoff = settings.backoff();
        this.workers = new JobWorkers(settings.configuration().getConcurrency());
    }

    @Override
    @NonNull
    public synchronized String enqueue(@NonNull String type, @NonNull JsonNode payload, @NonNull JobOptions options) {
        JobTypes.check(type);
        if (closed) {
            throw new JobQueueException("The job queue is shut down", null);
        }
        if (options.uniqueKey() != null && unique.containsKey(options.uniqueKey())) {
            return unique.get(options.uniqueKey());
        }
        int maxAttempts = options.maxAttempts() != null ? options.maxAttempts()
            : settings.configuration().getMaxAttempts();
        MemoryJob job = new MemoryJob(UUID.randomUUID().toString(), type, payload, maxAttempts, options.uniqueKey(),
            Instant.now());
        jobs.put(job.id, job);
        if (job.uniqueKey != null) {
            unique.put(job.uniqueKey, job.id);
        }
        Duration delay = options.delay();
        if (delay != null && !delay.isZero()) {
            job.state = JobState.SCHEDULED;
            job.timer = workers.schedule(() -> release(job), delay);
        } else {
            release(job);
        }
        return job.id;
    }

    @Override
    @NonNull
    public synchronized Optional<JobStatus> status(@NonNull String id) {
        return Optional.ofNullable(jobs.get(id)).map(MemoryJob::status);
    }

    @Override
    public synchronized boolean cancel(@NonNull String id) {
        MemoryJob job = jobs.get(id);
        if (job == null || (job.state != JobState.SCHEDULED && job.state != JobState.ENQUEUED
            && job.state != JobState.FAILED)) {
            return false;
        }
        if (job.timer != null) {
            job.timer.cancel(false);
        }
        finish(job, JobState.CANCELLED);
        return true;
    }

    /** Hands a due job to the workers. */
    private synchronized void release(MemoryJob job) {
        if (closed || job.state == JobState.CANCELLED) {
            return;
        }
        job.state = JobState.ENQUEUED;
        job.timer = null;
        workers.execute(() -> run(job));
    }

    private void run(MemoryJob job) {
        JobHandler handler;
        Job attempt;
        synchronized (this) {
            if (closed || job.state != JobState.ENQUEUED) {
                return;
            }
            Optional<JobHandler> found = handlers.get(job.type);
            if (found.isEmpty()) {
                requeue(job);
                return;
            }
            handler = found.get();
            job.state = JobState.RUNNING;
            job.attempts++;
            job.startedAt = Instant.now();
            attempt = new Job(job.id, job.type, job.payload, job.attempts);
        }
        String error = workers.attempt(handler, attempt, settings.timeout());
        synchronized (this) {
            if (error == null) {
                finish(job, JobState.SUCCEEDED);
                return;
            }
            job.lastError = error;
            if (job.attempts >= job.maxAttempts) {
                LOG.warn("Job {} ({}) is dead after {} attempts: {}", job.id, job.type, job.attempts, error);
                finish(job, JobState.DEAD);
            } else {
                job.state = JobState.FAILED;
                job.timer = workers.schedule(() -> release(job), backoff.after(job.attempts));
            }
        }
    }

    private void requeue(MemoryJob job) {
        job.requeues++;
        job.lastError = "no handler for job type '" + job.type + "'";
        if (job.requeues > JobHandlers.MAX_REQUEUES) {
            LOG.warn("Job {} is dead: no handler for its type '{}'", job.id, job.type);
            finish(job, JobState.DEAD);
        } else {
            job.state = JobState.SCHEDULED;
            job.timer = workers.schedule(() -> release(job), backoff.after(job.requeues));
        }
    }

    private void finish(MemoryJob job, JobState state) {
        job.state = state;
        job.finishedAt = Instant.now();
        job.timer = null;
        if (job.uniqueKey != null) {
            unique.remove(job.uniqueKey, job.id);
        }
        workers.schedule(() -> forget(job.id), settings.configuration().getStatusTtl());
    }

    private synchronized void forget(String id) {
        jobs.remove(id);
    }

    /** Stops taking jobs and lets the running ones finish within {@code fx.shutdown-timeout}; the rest are lost. */
    @PreDestroy
    void close() {
        synchronized (this) {
            closed = true;
        }
        if (!workers.close(settings.shutdownTimeout())) {
            LOG.warn("Jobs still running after {} were interrupted; the memory store loses them",
                settings.shutdownTimeout());
        }
    }
}
