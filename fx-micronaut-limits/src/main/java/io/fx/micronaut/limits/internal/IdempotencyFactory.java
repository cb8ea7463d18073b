package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.pipeline.Middleware;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

/** PLACEHOLDER: replaced by the idempotency work before it lands. */
@Internal
@Singleton
public final class IdempotencyFactory {

    /**
     * @param config the configuration
     * @return the middleware
     */
    public Middleware create(IdempotencyConfig config) {
        throw new UnsupportedOperationException("idempotency is not built yet");
    }
}
