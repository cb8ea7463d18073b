package io.fx.micronaut.examples.scheduled;

import io.fx.micronaut.scheduled.ScheduledTransition;
import io.micronaut.runtime.event.annotation.EventListener;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs each scheduled transition once its sweep has committed.
 *
 * @since 0.9.0
 */
// tag::transition-log[]
@Singleton
public class TransitionLog {

    private static final Logger LOG = LoggerFactory.getLogger(TransitionLog.class);

    @EventListener
    void onTransition(ScheduledTransition transition) {
        LOG.info("{} {}: {} {} -> {}", transition.model(), transition.recordId(), transition.action(),
            transition.field(), transition.to());
    }
}
// end::transition-log[]
