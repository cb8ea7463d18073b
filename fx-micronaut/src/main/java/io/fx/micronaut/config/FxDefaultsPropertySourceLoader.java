package io.fx.micronaut.config;

import io.micronaut.context.env.AbstractPropertySourceLoader;
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
 * Contributes defaults the framework needs from other modules, below every application file so any
 * of them can be overridden: Netty's initial-line limit is raised to 16 KiB so that the framework's
 * own 8 KiB URI limit ({@code fx.query-limits.max-uri-length}) answers with its 414 envelope.
 */
@Internal
public final class FxDefaultsPropertySourceLoader implements PropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-defaults";

    @Override
    public Optional<PropertySource> load(String resourceName, ResourceLoader resourceLoader) {
        if (!"application".equals(resourceName)) {
            return Optional.empty();
        }
        return Optional.of(PropertySource.of(NAME, Map.of(
            "micronaut.server.netty.max-initial-line-length", 16384,
            "micronaut.server.netty.max-header-size", 16384),
            AbstractPropertySourceLoader.DEFAULT_POSITION - 100));
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
