package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;

import java.util.Optional;

/**
 * Where the environment key provider ({@code fx.encryption.provider: env}) reads its variables. The default bean
 * reads the process environment; a replacing bean ({@code @Replaces(KeyVariables.class)}) serves other sources,
 * such as a test's fixed keys.
 *
 * @since 0.10.0
 */
@FunctionalInterface
public interface KeyVariables {

    /**
     * @param name a variable name, {@code FX_KEY_DEFAULT}
     * @return its value, when set
     */
    @NonNull
    Optional<String> get(@NonNull String name);
}
