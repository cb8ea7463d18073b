package io.fx.micronaut.security.internal;

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
 * Turns Micronaut Security's {@code SecurityFilter} off by default, below every application file: the
 * jar comes with the JWT support this module uses, and its filter would otherwise answer 401 on every
 * route. An application that turns it back on keeps the fx routes reachable through {@code FxRoutesRule}.
 */
@Internal
public final class SecurityDefaultsPropertySourceLoader implements PropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-security-defaults";

    @Override
    public Optional<PropertySource> load(String resourceName, ResourceLoader resourceLoader) {
        if (!"application".equals(resourceName)) {
            return Optional.empty();
        }
        return Optional.of(PropertySource.of(NAME, Map.of("micronaut.security.filter.enabled", false),
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
