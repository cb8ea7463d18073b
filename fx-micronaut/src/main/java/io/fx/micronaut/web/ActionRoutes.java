package io.fx.micronaut.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.web.router.DefaultRouteBuilder;
import jakarta.inject.Singleton;

/**
 * Registers one real Micronaut route per custom action under {@code fx.path-prefix} (plus HEAD for a
 * GET action), each served by {@link ActionController}; any content type reaches the handler, which
 * parses its own body. Built with the router at startup, so a bad action path fails startup.
 */
@Internal
@Singleton
final class ActionRoutes extends DefaultRouteBuilder {

    /** As on the generated routes: JSON named explicitly so route selection ranks both alike, then anything. */
    private static final MediaType[] CONSUMES = {MediaType.APPLICATION_JSON_TYPE, MediaType.ALL_TYPE};

    ActionRoutes(ExecutionHandleLocator locator, ActionCatalog catalog, FxConfiguration configuration) {
        super(locator);
        for (Action action : catalog.getActions()) {
            buildRoute(action.method(), fullPath(configuration, action), ActionController.class, "dispatch",
                HttpRequest.class).consumes(CONSUMES);
            if (mirrorsHead(catalog, action)) {
                buildRoute(HttpMethod.HEAD, fullPath(configuration, action), ActionController.class, "dispatch",
                    HttpRequest.class).consumes(CONSUMES);
            }
        }
    }

    /**
     * A GET action also answers HEAD (its status and headers, no body), unless a HEAD action is
     * declared on the same path.
     *
     * @param catalog the actions
     * @param action  an action
     * @return whether to add a HEAD route running the action
     */
    static boolean mirrorsHead(ActionCatalog catalog, Action action) {
        return action.method() == HttpMethod.GET && catalog.getActions().stream()
            .noneMatch(a -> a.method() == HttpMethod.HEAD && a.path().equals(action.path()));
    }

    /**
     * @param configuration the server configuration
     * @param action        an action
     * @return the action's route template, with the prefix
     */
    static String fullPath(FxConfiguration configuration, Action action) {
        String prefix = configuration.getPathPrefix();
        if (prefix.endsWith("/")) {
            prefix = prefix.substring(0, prefix.length() - 1);
        }
        return prefix + action.path();
    }

    /**
     * @param method a method
     * @param template a route template
     * @return the key an action is found by
     */
    static String key(HttpMethod method, String template) {
        return method.name() + " " + template;
    }
}
