package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.Job;
import io.fx.micronaut.events.jobs.JobHandler;
import io.fx.micronaut.events.jobs.JobQueueException;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.lettuce.core.Consumer;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisBusyException;
import io.lettuce.core.RedisException;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.sync.RedisCommands;
import io.micronaut.core.annotation.Internal;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Takes jobs from the stream for this instance's workers, as consumer {@code fx.jobs.consumer} of the group
 * {@code fx-jobs}: one thread that, in turn, moves due delayed jobs to the stream ({@link RedisJobScripts#PROMOTE}),
 * re-claims entries another consumer took more than {@code fx.jobs.lease} ago and never acknowledged
 * ({@code XAUTOCLAIM}: the instance died or lost Redis mid-job), and reads new ones ({@code XREADGROUP}, blocking
 * at most {@code fx.jobs.poll-interval}); never more than the workers that are free. A worker acknowledges an entry
 * only once its outcome is recorded ({@link RedisJobScripts#SETTLE}), so a job whose instance dies runs again:
 * at least once. While Redis is unreachable it retries every poll interval.
 */
@Internal
final class RedisJobPoller {

    private static final Logger LOG = LoggerFactory.getLogger(RedisJobPoller.class);
    private static final String PROMOTE_BATCH = "100";

    private final JobsSettings settings;
    private final JobHandlers handlers;
    private final JsonMapper json;
    private final RedisJobKeys keys;
    private final RedisJobConnections connections;
    private final JobBackoff backoff;
    private final Consumer<String> consumer;
    private final int concurrency;
    private final Semaphore slots;
    private final JobWorkers workers;
    private volatile boolean closed;
    private volatile Thread thread;
    private boolean groupReady;

    RedisJobPoller(JobsSettings settings, JobHandlers handlers, JsonMapper json, RedisJobKeys keys,
                   RedisJobConnections connections) {
        JobsConfiguration configuration = settings.configuration();
        this.settings = settings;
        this.handlers = handlers;
        this.json = json;
        this.keys = keys;
        this.connections = connections;
        this.backoff = settings.backoff();
        this.consumer = Consumer.from(RedisJobKeys.GROUP,
            configuration.getConsumer() != null ? configuration.getConsumer() : defaultConsumer());
        this.concurrency = configuration.getConcurrency();
        this.slots = new Semaphore(concurrency);
        this.workers = new JobWorkers(concurrency);
    }

    private static String defaultConsumer() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "instance";
        }
        return host + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    synchronized void start() {
        if (thread == null && !closed) {
            thread = new Thread(this::loop, "fx-jobs-poller");
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void loop() {
        boolean failing = false;
        while (!closed) {
            try {
                pass();
                if (failing) {
                    LOG.info("The job queue reaches Redis again");
                    failing = false;
                }
            } catch (RedisException | JobQueueException e) {
                if (closed) {
                    return;
                }
                if (e.getMessage() != null && (e.getMessage().startsWith("NOGROUP")
                    || e.getMessage().startsWith("UNBLOCKED"))) {
                    LOG.info("The job queue's stream or group is gone (a Redis without persistence restarted?); "
                        + "creating them again");
                    groupReady = false;
                    continue;
                }
                if (!failing) {
                    LOG.warn("The job queue cannot reach Redis, retrying every {}: {}",
                        settings.configuration().getPollInterval(), e.getMessage());
                    failing = true;
                }
                pause();
            }
        }
    }

    /** One turn: promote, re-claim, read, and hand what it took to the workers. */
    private void pass() {
        RedisCommands<String, String> redis = connections.commands();
        if (!groupReady) {
            createGroup(redis);
        }
        RedisJobScripts.PROMOTE.run(redis, new String[]{keys.delayed(), keys.stream()},
            Long.toString(System.currentTimeMillis()), PROMOTE_BATCH, keys.jobs());
        if (!acquire()) {
            return;
        }
        int wanted = 1 + slots.drainPermits();
        List<StreamMessage<String, String>> taken = new ArrayList<>();
        try {
            taken.addAll(redis.xautoclaim(keys.stream(), XAutoClaimArgs.Builder
                .xautoclaim(consumer, settings.configuration().getLease(), "0-0").count(wanted)).getMessages());
            if (taken.isEmpty()) {
                List<StreamMessage<String, String>> read = connections.poll().xreadgroup(consumer,
                    XReadArgs.Builder.block(settings.configuration().getPollInterval()).count(wanted),
                    XReadArgs.StreamOffset.lastConsumed(keys.stream()));
                if (read != null) {
                    taken.addAll(read);
                }
            }
        } finally {
            slots.release(Math.max(0, wanted - taken.size()));
        }
        for (StreamMessage<String, String> entry : taken) {
            if (!workers.execute(() -> run(entry))) {
                slots.release();
            }
        }
    }

    private boolean acquire() {
        try {
            return slots.tryAcquire(settings.configuration().getPollInterval().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
            return false;
        }
    }

    private void createGroup(RedisCommands<String, String> redis) {
        try {
            redis.xgroupCreate(XReadArgs.StreamOffset.from(keys.stream(), "0"), RedisJobKeys.GROUP,
                XGroupCreateArgs.Builder.mkstream());
        } catch (RedisBusyException e) {
            // the group exists
        }
        groupReady = true;
    }

    private void run(StreamMessage<String, String> entry) {
        try {
            process(entry);
        } catch (RedisException | JobQueueException e) {
            LOG.warn("Could not record the outcome of job entry {}: {}; it runs again after the lease ({})",
                entry.getId(), e.getMessage(), settings.configuration().getLease());
        } finally {
            slots.release();
        }
    }

    private void process(StreamMessage<String, String> entry) {
        String id = entry.getBody().get("id");
        if (id == null || id.isEmpty()) {
            dead(entry, "", "", "undecodable entry: no job id");
            return;
        }
        Map<String, String> job = connections.commands().hgetall(keys.job(id));
        String type = job.get("type");
        if (type == null) {
            dead(entry, id, "", "undecodable entry: no job " + id);
            return;
        }
        String state = job.get("status");
        if (!"enqueued".equals(state) && !"running".equals(state)) {
            settle(entry, id, "ack", 0, "", type);
            return;
        }
        JsonNode payload;
        try {
            payload = json.readValue(job.getOrDefault("payload", ""), JsonNode.class);
        } catch (Exception e) {
            dead(entry, id, type, "undecodable payload: " + e.getMessage());
            return;
        }
        Optional<JobHandler> handler = handlers.get(type);
        if (handler.isEmpty()) {
            requeue(entry, id, type, Integer.parseInt(job.getOrDefault("requeues", "0")) + 1);
        } else {
            attempt(entry, id, type, payload, handler.get(), Integer.parseInt(job.getOrDefault("max_attempts", "1")));
        }
    }

    /** Marks the job running, runs its handler, and records the outcome. */
    private void attempt(StreamMessage<String, String> entry, String id, String type, JsonNode payload,
                         JobHandler handler, int maxAttempts) {
        Long attempt = RedisJobScripts.BEGIN.run(connections.commands(), new String[]{keys.job(id)},
            Long.toString(System.currentTimeMillis()));
        if (attempt == null || attempt == 0) {
            settle(entry, id, "ack", 0, "", type);
            return;
        }
        String error = workers.attempt(handler, new Job(id, type, payload, attempt.intValue()), settings.timeout());
        if (error == null) {
            settle(entry, id, "succeeded", 0, "", type);
        } else if (attempt >= maxAttempts) {
            LOG.warn("Job {} ({}) is dead after {} attempts: {}", id, type, attempt, error);
            settle(entry, id, "dead", 0, error, type);
        } else {
            settle(entry, id, "failed", backoff.after(attempt.intValue()).toMillis(), error, type);
        }
    }

    private void requeue(StreamMessage<String, String> entry, String id, String type, int requeues) {
        String error = "no handler for job type '" + type + "'";
        if (requeues > JobHandlers.MAX_REQUEUES) {
            LOG.warn("Job {} is dead: no handler for its type '{}'", id, type);
            settle(entry, id, "dead", 0, error, type);
        } else {
            settle(entry, id, "scheduled", backoff.after(requeues).toMillis(), error, type);
        }
    }

    private void dead(StreamMessage<String, String> entry, String id, String type, String error) {
        LOG.warn("Job entry {} is dead: {}", entry.getId(), error);
        settle(entry, id, "dead", 0, error, type);
    }

    private void settle(StreamMessage<String, String> entry, String id, String outcome, long delayMillis,
                        String error, String type) {
        long now = System.currentTimeMillis();
        RedisJobScripts.SETTLE.run(connections.commands(),
            new String[]{keys.job(id), keys.stream(), keys.delayed(), keys.dead()},
            RedisJobKeys.GROUP, entry.getId(), outcome, Long.toString(now), Long.toString(now + delayMillis), error,
            Long.toString(settings.configuration().getStatusTtl().toSeconds()), keys.uniques(), id, type,
            entry.getBody().toString());
    }

    private void pause() {
        try {
            Thread.sleep(settings.configuration().getPollInterval().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    /** Stops reading, and lets the jobs under way finish within {@code timeout}; the rest run again after the lease. */
    void close(Duration timeout) {
        closed = true;
        Thread poller = thread;
        if (poller != null) {
            try {
                poller.join(settings.configuration().getPollInterval()
                    .plus(settings.configuration().getCommandTimeout()).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!workers.close(timeout)) {
            LOG.warn("Jobs still running after {} were interrupted; they run again after the lease", timeout);
        } else if (poller != null) {
            retire();
        }
    }

    /**
     * Removes this instance's consumer from the group when it holds no entry (consumer names are per instance, so
     * they would pile up); one that holds entries stays, so that they are re-claimed after the lease.
     */
    private void retire() {
        try {
            RedisCommands<String, String> redis = connections.commands();
            if (redis.xpending(keys.stream(), consumer, Range.create("-", "+"), Limit.from(1)).isEmpty()) {
                redis.xgroupDelconsumer(keys.stream(), consumer);
            }
        } catch (RedisException | JobQueueException e) {
            LOG.debug("Could not remove consumer {} from the job queue's group: {}", consumer.getName(),
                e.getMessage());
        }
    }
}
