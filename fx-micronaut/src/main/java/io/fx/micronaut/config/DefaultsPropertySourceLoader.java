package io.fx.micronaut.config;

import io.micronaut.context.env.AbstractPropertySourceLoader;
import io.micronaut.context.env.PropertySource;
import io.micronaut.core.annotation.NonNull;

import java.util.Map;
import java.util.Optional;

/**
 * Defaults a module sets for other libraries (a Micronaut filter it turns off, an executor type its integrations
 * need), contributed below every application file so that any of them can be overridden. Extend it and list the
 * subclass in {@code META-INF/services/io.micronaut.context.env.PropertySourceLoader}.
 *
 * @since 0.7.0
 */
public abstract class DefaultsPropertySourceLoader extends ApplicationPropertySourceLoader {

    /** @return the property source's name, such as {@code fx-security-defaults} */
    @NonNull
    protected abstract String name();

    /** @return the default values by property name */
    @NonNull
    protected abstract Map<String, Object> defaults();

    @Override
    final Optional<PropertySource> source() {
        return Optional.of(PropertySource.of(name(), defaults(), AbstractPropertySourceLoader.DEFAULT_POSITION - 100));
    }
}
