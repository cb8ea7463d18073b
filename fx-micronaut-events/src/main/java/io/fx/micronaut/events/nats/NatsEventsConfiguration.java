package io.fx.micronaut.events.nats;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;

/**
 * The NATS JetStream destination, under {@code fx.events.nats}.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(NatsEventsConfiguration.PREFIX)
public interface NatsEventsConfiguration {

    /** The prefix. */
    String PREFIX = EventsConfiguration.PREFIX + ".nats";
    /** The property that turns it on. */
    String ENABLED = PREFIX + ".enabled";

    /** @return the destination's name in the outbox ({@code nats}) */
    @Bindable(defaultValue = "nats")
    @NonNull
    String getName();

    /** @return the micronaut-nats connection ({@code nats.<server>.addresses}) to publish through */
    @Bindable(defaultValue = "default")
    @NonNull
    String getServer();

    /** @return events go to {@code <subject-prefix>.<type>} */
    @Bindable(defaultValue = "fx.events")
    @NonNull
    String getSubjectPrefix();

    /** @return the JetStream stream, created when absent over {@code <subject-prefix>.>} */
    @Bindable(defaultValue = "FX_EVENTS")
    @NonNull
    String getStream();

    /** @return the stream's duplicate window, within which a retried event is acknowledged as a duplicate */
    @Bindable(defaultValue = "2m")
    @NonNull
    Duration getDuplicateWindow();

    /** @return the event types it receives */
    @Bindable(defaultValue = "*")
    @NonNull
    List<String> getPatterns();
}
