package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.kafka.KafkaEventsConfiguration;
import io.fx.micronaut.events.nats.NatsEventsConfiguration;
import io.fx.micronaut.events.rabbitmq.RabbitEventsConfiguration;
import io.fx.micronaut.events.redis.RedisEventsConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.reflect.ClassUtils;
import io.micronaut.core.value.PropertyResolver;

import java.util.List;

/**
 * Fails startup when a broker destination is turned on ({@code fx.events.<kind>.enabled: true}) but its client is
 * not on the class path, instead of leaving the events of that destination unsent without a word: each publisher
 * requires its client's classes, so without them it is simply absent. A build that leaves a client out on purpose
 * (the blog's Lambda jar) then refuses the setting that would have needed it.
 */
@Internal
@Context
final class DestinationRequirements {

    /** A destination kind: its switch, a class its publisher requires, and the artifact that brings it. */
    record Requirement(String enabled, String requiredClass, String artifact) {
    }

    static final List<Requirement> REQUIREMENTS = List.of(
        new Requirement(KafkaEventsConfiguration.ENABLED, "io.micronaut.configuration.kafka.ProducerRegistry",
            "io.micronaut.kafka:micronaut-kafka"),
        new Requirement(NatsEventsConfiguration.ENABLED, "io.micronaut.nats.connect.NatsConnectionFactoryConfig",
            "io.micronaut.nats:micronaut-nats"),
        new Requirement(RabbitEventsConfiguration.ENABLED, "io.micronaut.rabbitmq.connect.ChannelPool",
            "io.micronaut.rabbitmq:micronaut-rabbitmq"),
        new Requirement(RedisEventsConfiguration.ENABLED, "io.micronaut.configuration.lettuce.DefaultRedisConfiguration",
            "io.micronaut.redis:micronaut-redis-lettuce"));

    DestinationRequirements(Environment environment) {
        check(environment, environment.getClassLoader());
    }

    /**
     * @param properties the application's configuration
     * @param loader     the class loader the publishers would come from
     * @throws FxConfigurationException naming the first destination turned on without its client
     */
    static void check(@NonNull PropertyResolver properties, @NonNull ClassLoader loader) {
        for (Requirement requirement : REQUIREMENTS) {
            boolean enabled = properties.getProperty(requirement.enabled(), Boolean.class).orElse(false);
            if (enabled && !ClassUtils.isPresent(requirement.requiredClass(), loader)) {
                throw new FxConfigurationException(requirement.enabled() + " is true, but " + requirement.artifact()
                    + " is not on the class path");
            }
        }
    }
}
