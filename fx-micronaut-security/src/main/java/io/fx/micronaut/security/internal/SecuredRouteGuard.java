package io.fx.micronaut.security.internal;

import io.fx.micronaut.production.RouteGuard;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.reflect.ClassUtils;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.web.router.UriRouteInfo;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * For production validation, a plain route under {@code fx.path-prefix} annotated with Micronaut's
 * {@code @Secured} (on the method or its controller) is covered: {@code @Secured(IS_ANONYMOUS)} as public on
 * purpose, any other rule only while Micronaut's {@code SecurityFilter}, which enforces it, is on (this module
 * turns it off by default, and then the annotation protects nothing). Micronaut Security is an optional
 * dependency: without it on the class path no filter enforces {@code @Secured}, whatever the setting says.
 */
@Internal
@Singleton
final class SecuredRouteGuard implements RouteGuard {

    /** The filter that enforces {@code @Secured}, present only when the application adds Micronaut Security. */
    static final String SECURITY_FILTER = "io.micronaut.security.filters.SecurityFilter";

    private final boolean filterEnabled;

    SecuredRouteGuard(@Value("${micronaut.security.filter.enabled:true}") boolean filterEnabled) {
        this.filterEnabled = filterEnabled && ClassUtils.isPresent(SECURITY_FILTER, getClass().getClassLoader());
    }

    @Override
    public boolean covers(@NonNull UriRouteInfo<?, ?> route) {
        String[] rules = route.getAnnotationMetadata().stringValues(Secured.class);
        if (rules.length == 0) {
            return false;
        }
        // a constant, inlined by the compiler: the guard runs without Micronaut Security too
        return filterEnabled || List.of(rules).equals(List.of(SecurityRule.IS_ANONYMOUS));
    }
}
