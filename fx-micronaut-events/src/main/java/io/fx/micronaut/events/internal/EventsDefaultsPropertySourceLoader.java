package io.fx.micronaut.events.internal;

import io.fx.micronaut.config.DefaultsPropertySourceLoader;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Map;

/**
 * Defaults of the broker integrations the events module brings, below every application file:
 * <ul>
 *     <li>{@code micronaut.executors.consumer.type: fixed}: micronaut-kafka, micronaut-nats and micronaut-rabbitmq
 *     each define a {@code consumer} executor, and together they fail startup unless its type is set;</li>
 *     <li>the Kafka producer {@code fx-events}: {@code acks=all}, idempotent, and a send that waits for the
 *     cluster's metadata (a broker outage) at most 5 s, so an outage fails an attempt rather than holding the
 *     relay.</li>
 *     <li>Jakarta Mail's SMTP timeouts (connection, read, write: 5 s each; its own default waits forever), so a
 *     server that hangs fails an e-mail's attempt within {@code fx.events.publish-timeout}.</li>
 * </ul>
 */
@Internal
public final class EventsDefaultsPropertySourceLoader extends DefaultsPropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-events-defaults";

    @Override
    @NonNull
    protected String name() {
        return NAME;
    }

    @Override
    @NonNull
    protected Map<String, Object> defaults() {
        return Map.of(
            "micronaut.executors.consumer.type", "fixed",
            "kafka.producers.fx-events.acks", "all",
            "kafka.producers.fx-events.enable.idempotence", "true",
            "kafka.producers.fx-events.max.block.ms", "5000",
            "javamail.properties.mail.smtp.connectiontimeout", "5000",
            "javamail.properties.mail.smtp.timeout", "5000",
            "javamail.properties.mail.smtp.writetimeout", "5000");
    }
}
