package io.fx.micronaut.events.rabbitmq;

import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * The RabbitMQ destination, under {@code fx.events.rabbitmq}.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(RabbitEventsConfiguration.PREFIX)
public interface RabbitEventsConfiguration {

    /** The prefix. */
    String PREFIX = EventsConfiguration.PREFIX + ".rabbitmq";
    /** The property that turns it on. */
    String ENABLED = PREFIX + ".enabled";

    /** @return the destination's name in the outbox ({@code rabbitmq}) */
    @Bindable(defaultValue = "rabbitmq")
    @NonNull
    String getName();

    /** @return the micronaut-rabbitmq connection to publish through ({@code default}: {@code rabbitmq.*}) */
    @Bindable(defaultValue = "default")
    @NonNull
    String getConnection();

    /** @return the durable topic exchange events go to; the routing key is the event type */
    @Bindable(defaultValue = "fx.events")
    @NonNull
    String getExchange();

    /** @return a durable queue to declare and bind to the exchange, if wanted */
    @Nullable
    String getQueue();

    /** @return the binding key of that queue ({@code #}: every event) */
    @Bindable(defaultValue = "#")
    @NonNull
    String getBinding();

    /** @return the event types it receives */
    @Bindable(defaultValue = "*")
    @NonNull
    List<String> getPatterns();
}
