package io.fx.micronaut.events.jobs;

import io.micronaut.core.annotation.NonNull;

/**
 * Runs the jobs of one type: a bean per type (two handlers of one type fail startup). Returning counts as
 * succeeded; throwing is a failed attempt, retried after backoff until the job's attempts are spent, then the job
 * is {@code dead}. Delivery is at least once (the Redis store runs a job again when its instance died or lost
 * Redis mid-job), so a handler must tolerate seeing a job again: deduplicate on {@link Job#id()}.
 *
 * @since 0.7.0
 */
public interface JobHandler {

    /** @return the job type it runs, for example {@code digest} */
    @NonNull
    String type();

    /**
     * @param job the job
     * @throws Exception to fail this attempt; the exception's message becomes the status' {@code last_error}
     */
    void handle(@NonNull Job job) throws Exception;
}
