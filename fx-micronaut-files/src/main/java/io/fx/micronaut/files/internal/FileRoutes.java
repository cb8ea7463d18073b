package io.fx.micronaut.files.internal;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.action.ActionRegistrar;
import io.fx.micronaut.action.ActionRegistry;
import io.fx.micronaut.files.FileOperations;
import io.fx.micronaut.files.FileRoutesConfiguration;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.pipeline.ActionAccess;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;
import jakarta.inject.Singleton;

import java.util.Locale;

/**
 * Mounts {@code POST /files}, {@code GET}/{@code HEAD /files/{key}} and {@code DELETE /files/{key}} as actions that
 * run their own operations ({@link FileOperations}), when {@code fx.files.routes.enabled} is true. Their access is
 * {@code fx.files.routes.access}; unset, production validation refuses them.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
@Requires(property = FilesConfiguration.ROUTES_ENABLED, value = "true")
final class FileRoutes implements ActionRegistrar {

    static final String KEY_PATH = "/files/{owner}/{id}/{name}";

    private final FileRouteHandlers handlers;
    private final ActionAccess access;

    FileRoutes(FileRouteHandlers handlers, FileRoutesConfiguration configuration) {
        this.handlers = handlers;
        this.access = access(configuration.getAccess().orElse(null));
    }

    @Override
    public void register(@NonNull ActionRegistry registry) {
        registry.add(route(HttpMethod.POST, "/files", handlers::upload, FileOperations.FILE_UPLOAD,
            "Upload a file; the key it answers is referenced by file fields"));
        registry.add(route(HttpMethod.GET, KEY_PATH, handlers::download, FileOperations.FILE_DOWNLOAD,
            "Download a file the caller owns"));
        registry.add(route(HttpMethod.DELETE, KEY_PATH, handlers::delete, FileOperations.FILE_DELETE,
            "Delete a file the caller owns that no record references"));
    }

    private Action route(HttpMethod method, String path, io.fx.micronaut.action.ActionHandler handler,
                         io.fx.micronaut.pipeline.Operation operation, String summary) {
        Action action = Action.of(method, path, handler).operation(operation)
            .openApi(ActionOpenApi.NONE.summary(summary));
        return access == null ? action : action.access(access);
    }

    /** @return the declared access, or null when unset or not one of {@code public} and {@code protected} */
    static ActionAccess access(String configured) {
        if (configured == null) {
            return null;
        }
        return switch (configured.trim().toLowerCase(Locale.ROOT)) {
            case "public" -> ActionAccess.PUBLIC;
            case "protected" -> ActionAccess.PROTECTED;
            default -> null;
        };
    }
}
