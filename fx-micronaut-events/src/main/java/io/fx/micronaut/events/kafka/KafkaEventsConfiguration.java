package io.fx.micronaut.events.kafka;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * The Kafka destination, under {@code fx.events.kafka}.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(KafkaEventsConfiguration.PREFIX)
public interface KafkaEventsConfiguration {

    /** The prefix. */
    String PREFIX = EventsConfiguration.PREFIX + ".kafka";
    /** The property that turns it on. */
    String ENABLED = PREFIX + ".enabled";
    /** The id of the producer in micronaut-kafka's registry ({@code kafka.producers.fx-events.*} configures it). */
    String PRODUCER = "fx-events";

    /** @return the destination's name in the outbox ({@code kafka}) */
    @Bindable(defaultValue = "kafka")
    @NonNull
    String getName();

    /** @return the topic events go to; the key is the record id, so a record's events share a partition */
    @Bindable(defaultValue = "fx.events")
    @NonNull
    String getTopic();

    /** @return the event types it receives */
    @Bindable(defaultValue = "*")
    @NonNull
    List<String> getPatterns();
}
