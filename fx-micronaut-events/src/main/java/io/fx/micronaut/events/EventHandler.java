package io.fx.micronaut.events;

import io.cloudevents.CloudEvent;
import io.micronaut.core.annotation.NonNull;

/**
 * Handles one event of a {@link Subscription}. Returning counts as delivered; throwing is a failed attempt,
 * retried later with backoff, so a handler must tolerate seeing an event again (deduplicate on its id).
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface EventHandler {

    /**
     * @param event the event
     * @throws Exception to fail this attempt
     */
    void handle(@NonNull CloudEvent event) throws Exception;
}
