package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.ModelBinding;
import io.fx.micronaut.pipeline.ModelBoundMiddleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A {@link ModelBoundMiddleware} is bound at startup to each model its registration covers, and may refuse one. */
@TestDatabase
class ModelBoundMiddlewareTest {

    static final String BOUND = "ModelBoundMiddlewareTest";
    static final String REFUSED = "ModelBoundMiddlewareTestRefused";
    static final String PLACED = "ModelBoundMiddlewareTestPlaced";

    /** Records each binding with the step, position and operations of its registration. */
    static final class PlacementRecorder implements ModelBoundMiddleware {
        final List<String> bindings = new ArrayList<>();

        @Override
        public void bind(ModelBinding binding) {
            bindings.add(binding.model().getName() + " " + binding.step() + " " + binding.position() + " "
                + binding.operations().stream().map(Operation::name).sorted().toList() + " create="
                + binding.covers(Operation.CREATE));
        }

        @Override
        public void handle(RequestContext context, Next next) {
            next.next();
        }
    }

    /** Records the models it was bound to; refuses Ledger when asked to. */
    static final class Recorder implements ModelBoundMiddleware {
        final List<String> bound = new ArrayList<>();
        private final boolean refuseLedger;

        Recorder(boolean refuseLedger) {
            this.refuseLedger = refuseLedger;
        }

        @Override
        public void bind(ModelDescriptor model) {
            if (refuseLedger && model.getName().equals("Ledger")) {
                throw new FxConfigurationException("Recorder cannot serve model Ledger");
            }
            bound.add(model.getName());
        }

        @Override
        public void handle(RequestContext context, Next next) {
            next.next();
        }
    }

    @Test
    void eachCoveredModelIsBoundOnceAtStartup() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(BOUND))) {
            Recorder recorder = server.getApplicationContext().getBean(Recorder.class);
            assertEquals(List.of("Ledger", "Widget"), recorder.bound.stream().sorted().toList());
        }
    }

    @Test
    void aBindingNamesTheStepPositionAndOperationsOfItsRegistration() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, Databases.config(PLACED))) {
            PlacementRecorder recorder = server.getApplicationContext().getBean(PlacementRecorder.class);
            assertEquals(List.of("Ledger DB AFTER [] create=true", "Widget AUTH REPLACE [DELETE, UPDATE] create=false"),
                recorder.bindings.stream().sorted().toList());
        }
    }

    @Test
    void aRefusalStopsStartup() {
        String message = Failures.startupFailure(REFUSED);
        assertTrue(message.contains("Recorder cannot serve model Ledger"), message);
    }

    @Factory
    @Requires(property = "spec.name", value = BOUND)
    static class BoundBeans {

        @Singleton
        Recorder recorder() {
            return new Recorder(false);
        }

        @Singleton
        @Named("bound")
        PipelineConfigurer configurer(Recorder recorder) {
            return registry -> registry.use(Step.SERVICE, recorder, MiddlewareOptions.before().models("Widget", "Ledger"));
        }
    }

    @Factory
    @Requires(property = "spec.name", value = PLACED)
    static class PlacedBeans {

        @Singleton
        PlacementRecorder placementRecorder() {
            return new PlacementRecorder();
        }

        @Singleton
        @Named("placed")
        PipelineConfigurer configurer(PlacementRecorder recorder) {
            return registry -> registry
                .use(Step.DB, recorder, MiddlewareOptions.after().models("Ledger"))
                .use(Step.AUTH, recorder, MiddlewareOptions.replace().models("Widget")
                    .operations(Operation.UPDATE, Operation.DELETE));
        }
    }

    @Factory
    @Requires(property = "spec.name", value = REFUSED)
    static class RefusedBeans {

        @Singleton
        @Named("refused")
        PipelineConfigurer configurer() {
            return registry -> registry.use(Step.SERVICE, new Recorder(true), MiddlewareOptions.before());
        }
    }
}
