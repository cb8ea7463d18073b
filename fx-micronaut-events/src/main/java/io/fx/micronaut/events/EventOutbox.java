package io.fx.micronaut.events;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * The outbox's deliveries, for operators: what is pending or failed per destination, and a way to retry the
 * failed ones. A bean.
 *
 * @since 0.7.0
 */
public interface EventOutbox {

    /**
     * Makes every failed delivery to a destination due again, with its attempts reset. A failed delivery did not
     * hold back its record's later events, so one sent again may arrive after them. Called inside a transaction, it
     * takes effect when that transaction commits.
     *
     * @param destination a destination's name
     * @return how many deliveries were failed
     */
    int retryFailed(@NonNull String destination);

    /**
     * @param destination a destination's name
     * @return its deliveries not yet delivered nor failed
     */
    long pending(@NonNull String destination);

    /**
     * @param destination a destination's name
     * @return its deliveries that ran out of attempts
     */
    long failed(@NonNull String destination);

    /**
     * @param destination a destination's name
     * @return the age of its oldest pending delivery's event; empty when none is pending
     */
    @NonNull
    Optional<Duration> lag(@NonNull String destination);

    /**
     * Deletes the events written longer than {@code fx.events.retention} ago that every destination received, with
     * their delivery rows; an event with a delivery pending or failed stays (so a retry still finds it). The
     * relay runs it by itself now and then.
     *
     * @return how many events were deleted
     */
    int prune();
}
