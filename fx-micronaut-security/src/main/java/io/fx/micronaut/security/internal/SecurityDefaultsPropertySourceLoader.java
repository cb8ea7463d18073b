package io.fx.micronaut.security.internal;

import io.fx.micronaut.config.DefaultsPropertySourceLoader;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Map;

/**
 * Turns Micronaut Security's {@code SecurityFilter} off by default, below every application file: the
 * jar comes with the JWT support this module uses, and its filter would otherwise answer 401 on every
 * route. An application that turns it back on keeps the fx routes reachable through {@code FxRoutesRule}.
 */
@Internal
public final class SecurityDefaultsPropertySourceLoader extends DefaultsPropertySourceLoader {

    /** The property source name. */
    public static final String NAME = "fx-security-defaults";

    @Override
    @NonNull
    protected String name() {
        return NAME;
    }

    @Override
    @NonNull
    protected Map<String, Object> defaults() {
        return Map.of("micronaut.security.filter.enabled", false);
    }
}
