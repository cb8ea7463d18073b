package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A failed delivery attempt that tells the relay what to do next. An {@link EventDestination} completes its stage
 * with one (any other exception is a plain failed attempt, retried with the destination's
 * {@linkplain EventDestination#retrySchedule() schedule} or the relay's backoff):
 * <ul>
 *     <li>{@link #retry(String)}: retried as any failed attempt;</li>
 *     <li>{@link #retryAfter(String, Duration)}: retried, the next attempt no sooner than the given delay (the
 *     receiver's {@code Retry-After}, for example) instead of the schedule's;</li>
 *     <li>{@link #permanent(String)}: never retried; the delivery is marked {@code failed} at once (and can be
 *     retried by hand, {@link EventOutbox#retryFailed(String)}).</li>
 * </ul>
 * The message is the reason the outbox records and the relay logs: it must hold no payload and no secret.
 *
 * @since 0.8.0
 */
public final class EventDeliveryException extends RuntimeException {

    private final Duration retryAfter;
    private final boolean permanent;

    private EventDeliveryException(String reason, @Nullable Duration retryAfter, boolean permanent,
                                   @Nullable Throwable cause) {
        super(Objects.requireNonNull(reason, "reason"), cause);
        if (retryAfter != null && retryAfter.isNegative()) {
            throw new IllegalArgumentException("retryAfter must not be negative");
        }
        this.retryAfter = retryAfter;
        this.permanent = permanent;
    }

    /**
     * @param reason why, without payload or secret
     * @return a failed attempt, retried as scheduled
     */
    @NonNull
    public static EventDeliveryException retry(@NonNull String reason) {
        return new EventDeliveryException(reason, null, false, null);
    }

    /**
     * @param reason why, without payload or secret
     * @param cause  the underlying failure, or null
     * @return a failed attempt, retried as scheduled
     */
    @NonNull
    public static EventDeliveryException retry(@NonNull String reason, @Nullable Throwable cause) {
        return new EventDeliveryException(reason, null, false, cause);
    }

    /**
     * @param reason why, without payload or secret
     * @param delay  how long to wait before the next attempt, not negative; it replaces the scheduled delay
     * @return a failed attempt, retried after the delay
     */
    @NonNull
    public static EventDeliveryException retryAfter(@NonNull String reason, @NonNull Duration delay) {
        return new EventDeliveryException(reason, Objects.requireNonNull(delay, "delay"), false, null);
    }

    /**
     * @param reason why, without payload or secret
     * @return a failure no retry can mend: the delivery is marked {@code failed} at once
     */
    @NonNull
    public static EventDeliveryException permanent(@NonNull String reason) {
        return new EventDeliveryException(reason, null, true, null);
    }

    /** @return the delay the destination asks for before the next attempt, if it asked for one */
    @NonNull
    public Optional<Duration> getRetryAfter() {
        return Optional.ofNullable(retryAfter);
    }

    /** @return whether the delivery must not be retried */
    public boolean isPermanent() {
        return permanent;
    }
}
