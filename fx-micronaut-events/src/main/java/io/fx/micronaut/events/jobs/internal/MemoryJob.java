package io.fx.micronaut.events.jobs.internal;

import io.fx.micronaut.events.jobs.JobState;
import io.fx.micronaut.events.jobs.JobStatus;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.tree.JsonNode;

import java.time.Instant;
import java.util.concurrent.ScheduledFuture;

/** A job of the memory store; its mutable fields are guarded by the {@link MemoryJobQueue}. */
@Internal
final class MemoryJob {

    final String id;
    final String type;
    final JsonNode payload;
    final int maxAttempts;
    @Nullable
    final String uniqueKey;
    final Instant enqueuedAt;
    JobState state;
    int attempts;
    int requeues;
    String lastError;
    Instant startedAt;
    Instant finishedAt;
    ScheduledFuture<?> timer;

    MemoryJob(String id, String type, JsonNode payload, int maxAttempts, @Nullable String uniqueKey, Instant now) {
        this.id = id;
        this.type = type;
        this.payload = payload;
        this.maxAttempts = maxAttempts;
        this.uniqueKey = uniqueKey;
        this.enqueuedAt = now;
    }

    @NonNull
    JobStatus status() {
        return new JobStatus(id, type, state, attempts, lastError, enqueuedAt, startedAt, finishedAt);
    }
}
