package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.events.FxEvents;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Failures;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;


/** Misplaced or misconfigured events fail startup with a message naming what to fix. */
class EventStartupTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        EmitBeforeDb      |                          | FxEvents.emit() is registered on the DB step at position BEFORE for model Parcel; register it on the DB step at position AFTER
        EmitOnService     |                          | FxEvents.emit() is registered on the SERVICE step at position AFTER
        UnknownEmitModel  | Parcel,Nope              | names the model 'Nope', which is not registered
        """)
    void refusesToStart(String spec, String emitModels, String message) {
        if (emitModels == null) {
            Failures.assertStartupFailure(message, spec);
        } else {
            Failures.assertStartupFailure(message, spec, "fx.events.emit-models", emitModels);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        fx.events.redis.enabled    | fx.events.redis.enabled is true, but no Redis is configured: set redis.uri
        fx.events.nats.enabled     | fx.events.nats.enabled is true, but nats.default.addresses is not configured
        fx.events.claim-lease=1s   | fx.events.claim-lease must be at least fx.events.publish-timeout
        fx.events.batch-sizes.kafka=0 | fx.events.batch-sizes.kafka must be positive
        """)
    void aMisconfiguredDestinationRefusesToStart(String setting, String message) {
        String key = setting.contains("=") ? setting.substring(0, setting.indexOf('=')) : setting;
        String value = setting.contains("=") ? setting.substring(setting.indexOf('=') + 1) : "true";
        Failures.assertStartupFailure(message, "BrokerStartup", "fx.events.emit-models", "Parcel", key, value);
    }

    @org.junit.jupiter.api.Test
    void aSubscriberWithABadPatternRefusesToStart() {
        Failures.assertStartupFailure("'parcel*' is not an event type, <prefix>.* or *", "BadSubscriber");
    }

    /** A subscriber whose pattern is not one. */
    @Singleton
    @Requires(property = "spec.name", value = "BadSubscriber")
    static final class BadSubscriber implements io.fx.micronaut.events.EventSubscriber {
        @Override
        public String name() {
            return "bad";
        }

        @Override
        public java.util.List<String> patterns() {
            return java.util.List.of("parcel*");
        }

        @Override
        public void handle(io.cloudevents.CloudEvent event) {
        }
    }

    /** Registers emit() where it cannot work. */
    @Singleton
    @Requires(property = "spec.name", pattern = "EmitBeforeDb|EmitOnService")
    static final class Misplaced implements PipelineConfigurer {
        private final FxEvents events;
        private final String spec;

        Misplaced(FxEvents events, @io.micronaut.context.annotation.Value("${spec.name}") String spec) {
            this.events = events;
            this.spec = spec;
        }

        @Override
        public void configure(MiddlewareRegistry registry) {
            if (spec.equals("EmitBeforeDb")) {
                registry.use(Step.DB, events.emit(), MiddlewareOptions.before().models("Parcel"));
            } else {
                registry.use(Step.SERVICE, events.emit(), MiddlewareOptions.after().models("Parcel"));
            }
        }
    }
}
