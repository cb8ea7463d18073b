package io.fx.micronaut.production;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.web.router.UriRouteInfo;

/**
 * Says that a route under {@code fx.path-prefix} is protected, for {@link ProductionValidator}: the routes fx
 * generates are checked per model and operation, but a plain Micronaut controller under the prefix never
 * runs the Auth step, so it is served to anyone unless something else authenticates it. Every route under
 * the prefix that no {@code RouteGuard} bean covers is named: production validation fails, and a development
 * startup logs a warning per route. The security module covers a route annotated with Micronaut's
 * {@code @Secured} while Micronaut's {@code SecurityFilter} enforces it, and {@code @Secured(IS_ANONYMOUS)}
 * as public on purpose. An application whose own HTTP filter authenticates some routes declares a guard
 * for them:
 *
 * <pre>{@code
 * @Singleton
 * RouteGuard reportsFilter() {
 *     return route -> route.getUriMatchTemplate().toPathString().startsWith("/api/reports");
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface RouteGuard {

    /**
     * @param route a route of the application's router under the prefix
     * @return whether a request is authenticated or authorised before it reaches the route, or the route is
     *     public on purpose; false for routes this guard knows nothing of
     */
    boolean covers(@NonNull UriRouteInfo<?, ?> route);
}
