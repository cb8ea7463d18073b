package io.fx.micronaut.web;

import io.fx.micronaut.production.RouteGuard;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.web.router.UriRouteInfo;
import jakarta.inject.Singleton;

import java.util.Set;

/**
 * The routes fx generates are not checked route by route: production validation checks the model
 * routes per model and operation and the action routes per action, and the probes are public by design
 * (the Auth step never runs for them).
 */
@Internal
@Singleton
final class GeneratedRouteGuard implements RouteGuard {

    private static final Set<Class<?>> GENERATED = Set.of(FxController.class, ActionController.class,
        ProbeController.class);

    @Override
    public boolean covers(@NonNull UriRouteInfo<?, ?> route) {
        return GENERATED.contains(route.getTargetMethod().getDeclaringType());
    }
}
