package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.limits.IdempotencyConfiguration;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Registers the idempotency middleware from configuration once {@code fx.idempotency.store} is set: on the
 * Deserialize step at position {@code AFTER}, for the creates of {@code fx.idempotency.models} (every model's when
 * empty), with the configured store, time to live and the default caller scope.
 */
@Internal
@Singleton
@Requires(property = IdempotencyConfiguration.PREFIX + ".store")
final class ConfiguredIdempotency implements PipelineConfigurer {

    private final IdempotencyFactory factory;
    private final List<String> models;

    ConfiguredIdempotency(IdempotencyFactory factory, IdempotencyConfiguration configuration) {
        this.factory = factory;
        this.models = configuration.getModels().orElse(List.of()).stream()
            .map(String::trim).filter(name -> !name.isEmpty()).toList();
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        MiddlewareOptions options = MiddlewareOptions.after().operations(Operation.CREATE).named("fx.idempotency");
        if (!models.isEmpty()) {
            options = options.models(models.toArray(String[]::new));
        }
        registry.use(Step.DESERIALIZE, factory.create(IdempotencyConfig.defaults()), options);
    }
}
