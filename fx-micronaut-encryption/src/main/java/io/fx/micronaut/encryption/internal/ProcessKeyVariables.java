package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.KeyVariables;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Optional;

/** The process environment, the default {@link KeyVariables}; any other bean of the type wins over it. */
@Singleton
@Secondary
final class ProcessKeyVariables implements KeyVariables {

    @Override
    @NonNull
    public Optional<String> get(@NonNull String name) {
        return Optional.ofNullable(System.getenv(name));
    }
}
