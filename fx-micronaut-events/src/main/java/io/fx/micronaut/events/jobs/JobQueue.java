package io.fx.micronaut.events.jobs;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.tree.JsonNode;

import java.util.Optional;

/**
 * Enqueues background jobs, run by the {@link JobHandler} bean of their type with retries, and tells where a job
 * is. The store is {@code fx.jobs.store}: {@code memory} (in process, lost on restart) or {@code redis} (a Redis
 * Stream shared by every instance).
 *
 * @since 0.7.0
 */
public interface JobQueue {

    /**
     * @param type    the job type; a handler for it need not exist in this instance
     * @param payload the job's data, any JSON value ({@code JsonNode.createObjectNode(...)} or
     *                {@code JsonMapper.writeValueToTree(value)})
     * @param options delay, attempts and unique key
     * @return the job's id; with a unique key that an unfinished job holds, that job's id
     * @throws IllegalArgumentException when the type is blank
     * @throws JobQueueException when the store is unreachable
     */
    @NonNull
    String enqueue(@NonNull String type, @NonNull JsonNode payload, @NonNull JobOptions options);

    /**
     * @param type    the job type
     * @param payload the job's data
     * @return the job's id
     * @throws JobQueueException when the store is unreachable
     */
    @NonNull
    default String enqueue(@NonNull String type, @NonNull JsonNode payload) {
        return enqueue(type, payload, JobOptions.defaults());
    }

    /**
     * @param id a job's id
     * @return its status; empty when unknown or finished longer than {@code fx.jobs.status-ttl} ago
     * @throws JobQueueException when the store is unreachable
     */
    @NonNull
    Optional<JobStatus> status(@NonNull String id);

    /**
     * Cancels a job that is not running: scheduled, enqueued, or waiting for a retry.
     *
     * @param id a job's id
     * @return whether it was cancelled; false when unknown, running or finished
     * @throws JobQueueException when the store is unreachable
     */
    boolean cancel(@NonNull String id);
}
