package io.fx.micronaut.events.jobs;

import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

/**
 * The job queue could not do what was asked: its store (Redis) is unreachable or did not answer within
 * {@code fx.jobs.command-timeout}, or the queue is shut down. A 503 {@code JOB_QUEUE_UNAVAILABLE} when it
 * reaches a response.
 *
 * @since 0.7.0
 */
public class JobQueueException extends FxException {

    /** The error code. */
    public static final String CODE = "JOB_QUEUE_UNAVAILABLE";

    /**
     * @param message what failed
     * @param cause   the store's error, or {@code null}
     */
    public JobQueueException(@NonNull String message, @Nullable Throwable cause) {
        super(503, CODE, message, null, cause);
    }
}
