package io.fx.micronaut.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.web.router.DefaultRouteBuilder;
import jakarta.inject.Singleton;

/**
 * Registers one real Micronaut route per custom action under {@code fx.path-prefix}, each served by
 * {@link ActionController}. Built with the router at startup, so a bad action path fails startup.
 */
@Internal
@Singleton
final class ActionRoutes extends DefaultRouteBuilder {

    ActionRoutes(ExecutionHandleLocator locator, ActionCatalog catalog, FxConfiguration configuration) {
        super(locator);
        for (Action action : catalog.getActions()) {
            buildRoute(action.method(), fullPath(configuration, action), ActionController.class, "dispatch",
                HttpRequest.class, byte[].class);
        }
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
