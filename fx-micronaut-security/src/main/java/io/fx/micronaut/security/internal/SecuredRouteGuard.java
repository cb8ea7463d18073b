package io.fx.micronaut.security.internal;

import io.fx.micronaut.production.RouteGuard;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.web.router.UriRouteInfo;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * For production validation, a plain route under {@code fx.path-prefix} annotated with Micronaut's
 * {@code @Secured} (on the method or its controller) is covered: {@code @Secured(IS_ANONYMOUS)} as public on
 * purpose, any other rule only while Micronaut's {@code SecurityFilter}, which enforces it, is on (this module
 * turns it off by default, and then the annotation protects nothing).
 */
@Internal
@Singleton
final class SecuredRouteGuard implements RouteGuard {

    private final boolean filterEnabled;

    SecuredRouteGuard(@Value("${micronaut.security.filter.enabled:true}") boolean filterEnabled) {
        this.filterEnabled = filterEnabled;
    }

    @Override
    public boolean covers(@NonNull UriRouteInfo<?, ?> route) {
        String[] rules = route.getAnnotationMetadata().stringValues(Secured.class);
        if (rules.length == 0) {
            return false;
        }
        return filterEnabled || List.of(rules).equals(List.of(SecurityRule.IS_ANONYMOUS));
    }
}
