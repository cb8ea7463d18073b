package io.fx.micronaut.events.jobs;

import io.micronaut.core.annotation.NonNull;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a job is: {@code scheduled} (delayed, or waiting for its next attempt when no handler was found) →
 * {@code enqueued} → {@code running} → {@code succeeded}, {@code failed} (waiting for a retry after backoff),
 * {@code dead} (attempts spent, undecodable, or no handler after 20 requeues) or {@code cancelled}.
 *
 * @since 0.7.0
 */
public enum JobState {
    /** Waiting for its time. */
    SCHEDULED,
    /** Waiting for a worker. */
    ENQUEUED,
    /** A handler runs it. */
    RUNNING,
    /** Its handler returned. */
    SUCCEEDED,
    /** Its last attempt failed; it is retried after backoff. */
    FAILED,
    /** Given up: attempts spent, undecodable, or no handler. */
    DEAD,
    /** Cancelled before it ran. */
    CANCELLED;

    /** @return the lower-case name, as stored and rendered ({@code succeeded}) */
    @NonNull
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return whether the job is over: succeeded, dead or cancelled */
    public boolean isFinished() {
        return this == SUCCEEDED || this == DEAD || this == CANCELLED;
    }

    /**
     * @param value a lower-case name
     * @return the state it names, if any
     */
    @NonNull
    public static Optional<JobState> of(@NonNull String value) {
        for (JobState state : values()) {
            if (state.value().equals(value)) {
                return Optional.of(state);
            }
        }
        return Optional.empty();
    }
}
