package io.fx.micronaut.events.internal;

import io.fx.micronaut.events.EventsConfiguration;
import io.fx.micronaut.events.FxEvents;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Registers {@link FxEvents#emit()} for the models {@code fx.events.emit-models} names ({@code *}: every model);
 * a name that is no model fails startup.
 */
@Internal
@Singleton
final class ConfiguredEmit implements PipelineConfigurer {

    private final FxEvents events;
    private final List<String> models;

    ConfiguredEmit(FxEvents events, EventsConfiguration configuration) {
        this.events = events;
        this.models = configuration.getEmitModels().stream().map(String::trim).filter(m -> !m.isEmpty()).toList();
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        if (models.isEmpty()) {
            return;
        }
        MiddlewareOptions options = MiddlewareOptions.after().named("fx.events.emit-models");
        if (!models.contains("*")) {
            options = options.models(models.toArray(String[]::new));
        }
        registry.use(Step.DB, events.emit(), options);
    }
}
