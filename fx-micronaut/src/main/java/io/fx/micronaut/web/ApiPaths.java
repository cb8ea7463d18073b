package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.core.annotation.Internal;
import jakarta.inject.Singleton;

/**
 * Tells whether a request path lies under {@code fx.path-prefix}, where every answer is the framework's
 * envelope, and splits such a path into its segments.
 */
@Internal
@Singleton
final class ApiPaths {

    private final String prefix;

    ApiPaths(FxConfiguration configuration) {
        String configured = configuration.getPathPrefix();
        this.prefix = configured.endsWith("/") ? configured.substring(0, configured.length() - 1) : configured;
    }

    /** @return whether the path is the prefix itself or below it */
    boolean covers(String path) {
        if (path == null) {
            return false;
        }
        return prefix.isEmpty() || path.equals(prefix) || path.startsWith(prefix + "/");
    }

    /** @return the path's segments below the prefix ({@code /api/posts/1} → {@code [posts, 1]}), empty ones kept */
    String[] segments(String path) {
        String rest = path.substring(Math.min(prefix.length(), path.length()));
        if (rest.startsWith("/")) {
            rest = rest.substring(1);
        }
        return rest.isEmpty() ? new String[0] : rest.split("/", -1);
    }
}
