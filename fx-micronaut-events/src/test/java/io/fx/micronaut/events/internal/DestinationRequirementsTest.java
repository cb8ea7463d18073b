package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.kafka.KafkaEventsConfiguration;
import io.fx.micronaut.events.nats.NatsEventsConfiguration;
import io.fx.micronaut.events.rabbitmq.RabbitEventsConfiguration;
import io.fx.micronaut.events.redis.RedisEventsConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.PropertySourcePropertyResolver;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A broker destination turned on without its client fails startup naming the setting and the artifact; with the
 * client (this module's test class path has all four) or turned off, nothing fails.
 */
class DestinationRequirementsTest {

    /** Sees the JDK only, as a class path without any broker client would. */
    private static final ClassLoader NO_CLIENTS = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader());

    private static PropertySourcePropertyResolver settings(Map<String, Object> values) {
        return new PropertySourcePropertyResolver(PropertySource.of("test", values));
    }

    @Test
    void eachKindTurnedOnWithoutItsClientIsRefusedByName() {
        Map<String, String> artifacts = Map.of(KafkaEventsConfiguration.ENABLED, "io.micronaut.kafka:micronaut-kafka",
            NatsEventsConfiguration.ENABLED, "io.micronaut.nats:micronaut-nats",
            RabbitEventsConfiguration.ENABLED, "io.micronaut.rabbitmq:micronaut-rabbitmq",
            RedisEventsConfiguration.ENABLED, "io.micronaut.redis:micronaut-redis-lettuce");
        artifacts.forEach((enabled, artifact) -> {
            FxConfigurationException refused = assertThrows(FxConfigurationException.class,
                () -> DestinationRequirements.check(settings(Map.of(enabled, "true")), NO_CLIENTS));
            assertEquals(enabled + " is true, but " + artifact + " is not on the class path", refused.getMessage());
        });
    }

    @Test
    void turnedOffOrWithItsClientNothingIsRefused() {
        assertDoesNotThrow(() -> DestinationRequirements.check(settings(Map.of()), NO_CLIENTS));
        assertDoesNotThrow(() -> DestinationRequirements.check(
            settings(Map.of(KafkaEventsConfiguration.ENABLED, "false")), NO_CLIENTS));
        ClassLoader full = getClass().getClassLoader();
        for (DestinationRequirements.Requirement requirement : DestinationRequirements.REQUIREMENTS) {
            assertDoesNotThrow(() -> DestinationRequirements.check(settings(Map.of(requirement.enabled(), "true")),
                full), requirement.artifact() + " is on this module's test class path");
        }
    }
}
