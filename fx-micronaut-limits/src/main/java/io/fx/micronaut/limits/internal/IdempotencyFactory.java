package io.fx.micronaut.limits.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.limits.IdempotencyConfiguration;
import io.fx.micronaut.limits.IdempotencyStore;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.web.ResponseBodyEncoder;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Makes the idempotency middleware of {@code FxLimits.idempotency}: the config's store, time to live and caller
 * scope, or {@code fx.idempotency.*}'s where it leaves them unset; the header is also required for the models
 * {@code fx.idempotency.header-required} names.
 */
@Internal
@Singleton
public final class IdempotencyFactory {

    private final IdempotencyConfiguration configuration;
    private final IdempotencyStores stores;
    private final IdempotencyResponses responses;
    private final Set<String> headerRequiredModels;

    IdempotencyFactory(IdempotencyConfiguration configuration, IdempotencyStores stores, ResponseBodyEncoder json,
                       ModelRegistry models) {
        this.configuration = configuration;
        this.stores = stores;
        this.responses = new IdempotencyResponses(json);
        this.headerRequiredModels = Set.copyOf(configuration.getHeaderRequired().orElse(List.of()).stream()
            .map(String::trim).filter(name -> !name.isEmpty()).toList());
        for (String model : headerRequiredModels) {
            if (models.findByName(model).isEmpty()) {
                throw new FxConfigurationException(IdempotencyConfiguration.PREFIX + ".header-required names the model '"
                    + model + "', which is not registered");
            }
        }
    }

    /**
     * @param config the store, time to live, caller scope and whether the header is required
     * @return the middleware
     */
    @NonNull
    public Middleware create(@NonNull IdempotencyConfig config) {
        Objects.requireNonNull(config, "config");
        IdempotencyStore store = config.store() != null ? config.store() : stores.configured();
        IdempotencyTimes times = new IdempotencyTimes(config.ttl() != null ? config.ttl() : configuration.getTtl(),
            configuration.getLockTimeout(), configuration.getWait());
        return new IdempotencyMiddleware(store, times, config.keyResolver(), config.headerRequired(),
            headerRequiredModels, responses);
    }
}
