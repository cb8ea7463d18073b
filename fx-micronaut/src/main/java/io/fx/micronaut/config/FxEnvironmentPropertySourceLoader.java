package io.fx.micronaut.config;

import io.micronaut.context.env.ActiveEnvironment;
import io.micronaut.context.env.EnvironmentPropertySource;
import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.PropertySourceLoader;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.io.ResourceLoader;

import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Contributes the property source mapped from the process environment by
 * {@link FxEnvironmentVariables}, just above the environment-variable source (so it overrides
 * {@code application.yml} and is overridden by system properties). Found through
 * {@code META-INF/services}.
 */
@Internal
public final class FxEnvironmentPropertySourceLoader implements PropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-environment";

    @Override
    public Optional<PropertySource> load(String resourceName, ResourceLoader resourceLoader) {
        if (!"application".equals(resourceName)) {
            return Optional.empty();
        }
        String prefix = System.getProperty(FxEnvironmentVariables.PREFIX_PROPERTY,
            System.getenv(FxEnvironmentVariables.PREFIX_VARIABLE));
        Map<String, Object> properties = FxEnvironmentVariables.toProperties(prefix, System.getenv());
        return properties.isEmpty() ? Optional.empty()
            : Optional.of(PropertySource.of(NAME, properties, EnvironmentPropertySource.POSITION + 1));
    }

    @Override
    public Optional<PropertySource> loadEnv(String resourceName, ResourceLoader resourceLoader,
                                            ActiveEnvironment activeEnvironment) {
        return Optional.empty();
    }

    @Override
    public Map<String, Object> read(String name, InputStream input) {
        return Map.of();
    }

    @Override
    public Set<String> getExtensions() {
        return Set.of();
    }
}
