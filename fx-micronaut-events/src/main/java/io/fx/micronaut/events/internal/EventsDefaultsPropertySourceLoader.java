package io.fx.micronaut.events.internal;

import io.micronaut.context.env.AbstractPropertySourceLoader;
import io.micronaut.context.env.ActiveEnvironment;
import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.PropertySourceLoader;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.io.ResourceLoader;

import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Defaults of the broker integrations the events module brings, below every application file:
 * <ul>
 *     <li>{@code micronaut.executors.consumer.type: fixed}: micronaut-kafka, micronaut-nats and micronaut-rabbitmq
 *     each define a {@code consumer} executor, and together they fail startup unless its type is set;</li>
 *     <li>the Kafka producer {@code fx-events}: {@code acks=all}, idempotent, and a send that waits for the
 *     cluster's metadata (a broker outage) at most 5 s, so an outage fails an attempt rather than holding the
 *     relay.</li>
 * </ul>
 */
@Internal
public final class EventsDefaultsPropertySourceLoader implements PropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-events-defaults";

    @Override
    public Optional<PropertySource> load(String resourceName, ResourceLoader resourceLoader) {
        if (!"application".equals(resourceName)) {
            return Optional.empty();
        }
        return Optional.of(PropertySource.of(NAME, Map.of(
                "micronaut.executors.consumer.type", "fixed",
                "kafka.producers.fx-events.acks", "all",
                "kafka.producers.fx-events.enable.idempotence", "true",
                "kafka.producers.fx-events.max.block.ms", "5000"),
            AbstractPropertySourceLoader.DEFAULT_POSITION - 100));
    }

    @Override
    public Optional<PropertySource> loadEnv(String resourceName, ResourceLoader resourceLoader,
                                            ActiveEnvironment activeEnvironment) {
        return Optional.empty();
    }

    @Override
    public Map<String, Object> read(String name, InputStream input) {
        return Map.of();
    }

    @Override
    public Set<String> getExtensions() {
        return Set.of();
    }
}
