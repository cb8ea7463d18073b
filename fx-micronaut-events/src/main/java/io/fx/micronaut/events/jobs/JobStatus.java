package io.fx.micronaut.events.jobs;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * A job's status, kept {@code fx.jobs.status-ttl} after it finished.
 *
 * @param id         the job's id
 * @param type       its type
 * @param status     where it is
 * @param attempts   attempts started so far
 * @param lastError  the message of the last failure (never a stack trace), or {@code null}
 * @param enqueuedAt when it was enqueued
 * @param startedAt  when its last attempt started, or {@code null}
 * @param finishedAt when it succeeded, died or was cancelled, or {@code null}
 * @since 0.7.0
 */
public record JobStatus(@NonNull String id, @NonNull String type, @NonNull JobState status, int attempts,
                        @Nullable String lastError, @NonNull Instant enqueuedAt, @Nullable Instant startedAt,
                        @Nullable Instant finishedAt) {
}
