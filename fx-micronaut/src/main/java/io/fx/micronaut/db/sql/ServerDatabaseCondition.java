package io.fx.micronaut.db.sql;

import io.fx.micronaut.config.PostgresUrl;

import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.value.PropertyResolver;

/**
 * Matches when the default datasource points at a server database (PostgreSQL) and the read pool
 * is not switched off with {@code fx.db.read-pool-enabled=false}.
 */
@Internal
public final class ServerDatabaseCondition implements Condition {

    @Override
    public boolean matches(ConditionContext context) {
        if (!(context.getBeanContext() instanceof PropertyResolver properties)) {
            return false;
        }
        boolean enabled = properties.getProperty("fx.db.read-pool-enabled", Boolean.class).orElse(true);
        return enabled && PostgresUrl.isPostgres(properties.getProperty("datasources.default.url", String.class).orElse(null));
    }
}
