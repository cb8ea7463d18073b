package io.fx.micronaut.security.jwt;

import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.core.annotation.Internal;

/**
 * Bearer verification is on when {@code fx.security.jwt.enabled} is true, or unset while a key
 * ({@code secret}, {@code public-key}, {@code public-key-file} or {@code jwks.url}) is configured, even blank.
 */
@Internal
final class JwtRequested implements Condition {

    @Override
    public boolean matches(ConditionContext context) {
        String enabled = context.getProperty(JwtConfiguration.PREFIX + ".enabled", String.class).orElse(null);
        if (enabled != null) {
            return Boolean.parseBoolean(enabled.trim());
        }
        return context.containsProperty(JwtConfiguration.PREFIX + ".secret")
            || context.containsProperty(JwtConfiguration.PREFIX + ".public-key")
            || context.containsProperty(JwtConfiguration.PREFIX + ".public-key-file")
            || context.containsProperty(JwksConfiguration.PREFIX + ".url");
    }
}
