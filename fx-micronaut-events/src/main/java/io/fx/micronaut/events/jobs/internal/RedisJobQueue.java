package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobQueueException;
import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobStatus;
import io.fx.micronaut.events.jobs.JobsConfiguration;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.api.sync.RedisCommands;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.configuration.lettuce.NamedRedisServersConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The Redis store ({@code fx.jobs.store: redis}): jobs shared by every instance on one Redis, see
 * {@link RedisJobScripts} for the keys and {@link RedisJobPoller} for how instances take them. Enqueue, status and
 * cancel are one command each, failing with a {@link JobQueueException} when Redis is unreachable or slower than
 * {@code fx.jobs.command-timeout}.
 */
@Internal
@Singleton
@Requires(property = JobsConfiguration.ENABLED, notEquals = "false")
@Requires(property = JobsConfiguration.STORE, value = JobsConfiguration.REDIS)
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
final class RedisJobQueue implements JobQueue {

    private final JobsSettings settings;
    private final JsonMapper json;
    private final RedisJobKeys keys;
    private final RedisJobConnections connections;
    private final RedisJobPoller poller;

    RedisJobQueue(JobsSettings settings, JobHandlers handlers, JsonMapper json,
                  Optional<DefaultRedisConfiguration> defaultServer, List<NamedRedisServersConfiguration> servers) {
        this.settings = settings;
        this.json = json;
        this.keys = new RedisJobKeys(settings.configuration().getPrefix());
        this.connections = new RedisJobConnections(settings.configuration(), defaultServer, servers);
        this.poller = new RedisJobPoller(settings, handlers, json, keys, connections);
    }

    @Override
    @NonNull
    public String enqueue(@NonNull String type, @NonNull JsonNode payload, @NonNull JobOptions options) {
        JobTypes.check(type);
        String text;
        try {
            text = json.writeValueAsString(payload);
        } catch (IOException e) {
            throw new IllegalArgumentException("The payload is not serializable: " + e.getMessage(), e);
        }
        String id = UUID.randomUUID().toString();
        long now = System.currentTimeMillis();
        long due = options.delay() == null || options.delay().isZero() ? 0 : now + options.delay().toMillis();
        int maxAttempts = options.maxAttempts() != null ? options.maxAttempts()
            : settings.configuration().getMaxAttempts();
        String unique = options.uniqueKey() != null ? options.uniqueKey() : "";
        return redis("enqueue a job", redis -> RedisJobScripts.ENQUEUE.run(redis,
            new String[]{keys.job(id), keys.uniques() + unique, keys.stream(), keys.delayed()},
            id, type, text, Integer.toString(maxAttempts), Long.toString(now), Long.toString(due), unique));
    }

    @Override
    @NonNull
    public Optional<JobStatus> status(@NonNull String id) {
        Map<String, String> fields = redis("read a job's status", redis -> redis.hgetall(keys.job(id)));
        if (fields.isEmpty() || fields.get("type") == null) {
            return Optional.empty();
        }
        JobState state = JobState.of(fields.getOrDefault("status", "")).orElse(JobState.DEAD);
        return Optional.of(new JobStatus(id, fields.get("type"), state,
            Integer.parseInt(fields.getOrDefault("attempts", "0")), blankToNull(fields.get("last_error")),
            instant(fields.get("enqueued_at")), instant(fields.get("started_at")), instant(fields.get("finished_at"))));
    }

    @Override
    public boolean cancel(@NonNull String id) {
        Long cancelled = redis("cancel a job", redis -> RedisJobScripts.CANCEL.run(redis,
            new String[]{keys.job(id), keys.delayed()}, id, Long.toString(System.currentTimeMillis()),
            Long.toString(settings.configuration().getStatusTtl().toSeconds()), keys.uniques()));
        return cancelled != null && cancelled == 1L;
    }

    /** Starts taking jobs: called at startup when this instance has handlers. */
    void start() {
        poller.start();
    }

    private <T> T redis(String what, java.util.function.Function<RedisCommands<String, String>, T> command) {
        try {
            return command.apply(connections.commands());
        } catch (RedisException e) {
            throw new JobQueueException("Could not " + what + ": the job queue's Redis failed: " + e.getMessage(), e);
        }
    }

    @Nullable
    private static String blankToNull(@Nullable String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    @Nullable
    static Instant instant(@Nullable String millis) {
        return millis == null || millis.isEmpty() ? null : Instant.ofEpochMilli(Long.parseLong(millis));
    }

    /** Stops taking jobs, lets the running ones finish within {@code fx.shutdown-timeout}, then disconnects. */
    @PreDestroy
    void close() {
        poller.close(settings.shutdownTimeout());
        connections.close();
    }

}
