package io.fx.micronaut.files.internal;

import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileRoutesConfiguration;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.production.ProductionCheck;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Production validation of the {@code /files} routes: when mounted, {@code fx.files.routes.access} must be
 * {@code public} or {@code protected} (a {@code protected} route without Auth-step middleware covering its
 * operation is refused by the core's check of actions).
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FilesProductionCheck implements ProductionCheck {

    private final FileRoutesConfiguration routes;

    FilesProductionCheck(FileRoutesConfiguration routes) {
        this.routes = routes;
    }

    @Override
    @NonNull
    public List<String> findProblems() {
        if (!routes.isEnabled() || FileRoutes.access(routes.getAccess().orElse(null)) != null) {
            return List.of();
        }
        return List.of(FilesConfiguration.ROUTES_ACCESS + " must be public or protected while "
            + FilesConfiguration.ROUTES_ENABLED + " is true");
    }
}
