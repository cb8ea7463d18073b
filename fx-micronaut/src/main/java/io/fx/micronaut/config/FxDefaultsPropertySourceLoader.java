package io.fx.micronaut.config;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Map;

/**
 * Contributes defaults the framework needs from other modules, below every application file so any
 * of them can be overridden: Netty's initial-line and header limits are raised to 16 KiB so that the
 * framework's own 8 KiB URI limit ({@code fx.query-limits.max-uri-length}) answers with its 414 envelope.
 */
@Internal
public final class FxDefaultsPropertySourceLoader extends DefaultsPropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-defaults";

    @Override
    @NonNull
    protected String name() {
        return NAME;
    }

    @Override
    @NonNull
    protected Map<String, Object> defaults() {
        return Map.of(
            "micronaut.server.netty.max-initial-line-length", 16384,
            "micronaut.server.netty.max-header-size", 16384);
    }
}
