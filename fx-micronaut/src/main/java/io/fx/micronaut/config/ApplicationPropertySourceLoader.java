package io.fx.micronaut.config;

import io.micronaut.context.env.ActiveEnvironment;
import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.PropertySourceLoader;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.io.ResourceLoader;

import java.io.InputStream;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A property-source loader that reads no file: it contributes one computed source alongside the
 * application's own configuration.
 */
@Internal
abstract class ApplicationPropertySourceLoader implements PropertySourceLoader {

    /** @return the computed source, or empty to contribute nothing */
    abstract Optional<PropertySource> source();

    @Override
    public final Optional<PropertySource> load(String resourceName, ResourceLoader resourceLoader) {
        return "application".equals(resourceName) ? source() : Optional.empty();
    }

    @Override
    public final Optional<PropertySource> loadEnv(String resourceName, ResourceLoader resourceLoader,
                                                  ActiveEnvironment activeEnvironment) {
        return Optional.empty();
    }

    @Override
    public final Map<String, Object> read(String name, InputStream input) {
        return Map.of();
    }

    @Override
    public final Set<String> getExtensions() {
        return Set.of();
    }
}
