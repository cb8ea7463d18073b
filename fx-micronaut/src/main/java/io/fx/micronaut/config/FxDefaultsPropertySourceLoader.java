package io.fx.micronaut.config;

import io.micronaut.context.env.AbstractPropertySourceLoader;
import io.micronaut.context.env.PropertySource;
import io.micronaut.core.annotation.Internal;

import java.util.Map;
import java.util.Optional;

/**
 * Contributes defaults the framework needs from other modules, below every application file so any
 * of them can be overridden: Netty's initial-line and header limits are raised to 16 KiB so that the
 * framework's own 8 KiB URI limit ({@code fx.query-limits.max-uri-length}) answers with its 414 envelope.
 */
@Internal
public final class FxDefaultsPropertySourceLoader extends ApplicationPropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-defaults";

    @Override
    Optional<PropertySource> source() {
        return Optional.of(PropertySource.of(NAME, Map.of(
            "micronaut.server.netty.max-initial-line-length", 16384,
            "micronaut.server.netty.max-header-size", 16384),
            AbstractPropertySourceLoader.DEFAULT_POSITION - 100));
    }
}
