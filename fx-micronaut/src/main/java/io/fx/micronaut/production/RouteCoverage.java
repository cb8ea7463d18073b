package io.fx.micronaut.production;

import io.micronaut.context.BeanProvider;
import io.micronaut.inject.MethodExecutionHandle;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The routes of the router under {@code fx.path-prefix} that no {@link RouteGuard} covers, one sentence per
 * path and controller method ({@code route GET, HEAD /api/catalog (CatalogController.catalog): ...}), in path
 * order. Read from the router when asked, once its routes are built.
 */
final class RouteCoverage {

    private final BeanProvider<Router> router;
    private final List<RouteGuard> guards;
    private final String prefix;

    RouteCoverage(BeanProvider<Router> router, List<RouteGuard> guards, String prefix) {
        this.router = router;
        this.guards = List.copyOf(guards);
        this.prefix = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    }

    List<String> uncovered() {
        if (!router.isPresent()) {
            return List.of();
        }
        Map<String, Set<String>> methods = new TreeMap<>();
        router.get().uriRoutes().forEach(route -> {
            String path = route.getUriMatchTemplate().toPathString();
            if (underPrefix(path) && guards.stream().noneMatch(guard -> guard.covers(route))) {
                methods.computeIfAbsent(path + " (" + target(route) + ")", k -> new TreeSet<>())
                    .add(route.getHttpMethodName());
            }
        });
        List<String> uncovered = new ArrayList<>();
        methods.forEach((route, verbs) -> uncovered.add("route " + String.join(", ", verbs) + " " + route
            + ": no authentication covers it (the Auth step does not run for it, and no RouteGuard covers it)"));
        return uncovered;
    }

    private boolean underPrefix(String path) {
        return prefix.isEmpty() || path.equals(prefix) || path.startsWith(prefix + "/");
    }

    private static String target(UriRouteInfo<?, ?> route) {
        MethodExecutionHandle<?, ?> method = route.getTargetMethod();
        return method.getDeclaringType().getSimpleName() + "." + method.getMethodName();
    }
}
