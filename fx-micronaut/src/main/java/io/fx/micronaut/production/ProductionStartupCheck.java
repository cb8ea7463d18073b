package io.fx.micronaut.production;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.order.Ordered;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At startup, once the router holds every route and before anything else starts (auto-migration, the
 * server): with {@code fx.production=true} runs {@link ProductionValidator#validate()}, so an unprotected
 * application never serves; otherwise logs a warning per route under the prefix that no authentication
 * covers and per {@link ProductionCheck} problem, so a development run shows what production would refuse.
 */
@Internal
@Singleton
final class ProductionStartupCheck implements ApplicationEventListener<StartupEvent>, Ordered {

    private static final Logger LOG = LoggerFactory.getLogger(ProductionStartupCheck.class);

    private final ProductionValidator validator;
    private final boolean production;

    ProductionStartupCheck(ProductionValidator validator, FxConfiguration configuration) {
        this.validator = validator;
        this.production = configuration.isProduction();
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        if (production) {
            validator.validate();
            return;
        }
        for (String route : validator.findUncoveredRoutes()) {
            LOG.warn("Served to anyone: {}; fx.production: true refuses to start like this", route);
        }
        for (String problem : validator.findProblems()) {
            LOG.warn("Not fit for production: {}; fx.production: true refuses to start like this", problem);
        }
    }

    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
