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
     * Makes every failed delivery to a destination due again, with its attempts reset.
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
     * Deletes delivered rows older than {@code fx.events.retention}, and events no delivery still needs. The
     * relay runs it by itself now and then.
     *
     * @return how many events were deleted
     */
    int prune();
}
