package io.fx.micronaut.config;

import io.micronaut.context.env.EnvironmentPropertySource;
import io.micronaut.context.env.PropertySource;
import io.micronaut.core.annotation.Internal;

import java.util.Map;
import java.util.Optional;

/**
 * Contributes the property source mapped from the process environment by
 * {@link FxEnvironmentVariables}, just above the environment-variable source (so it overrides
 * {@code application.yml} and is overridden by system properties). Found through
 * {@code META-INF/services}.
 */
@Internal
public final class FxEnvironmentPropertySourceLoader extends ApplicationPropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-environment";

    @Override
    Optional<PropertySource> source() {
        String prefix = System.getProperty(FxEnvironmentVariables.PREFIX_PROPERTY,
            System.getenv(FxEnvironmentVariables.PREFIX_VARIABLE));
        Map<String, Object> properties = FxEnvironmentVariables.toProperties(prefix, System.getenv());
        return properties.isEmpty() ? Optional.empty()
            : Optional.of(PropertySource.of(NAME, properties, EnvironmentPropertySource.POSITION + 1));
    }
}
