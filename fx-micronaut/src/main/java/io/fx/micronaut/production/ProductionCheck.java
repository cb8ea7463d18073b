package io.fx.micronaut.production;

import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * A check a feature module adds to production validation: a bean implementing it is asked at startup for
 * what would make the application unfit to serve (a feature left without the configuration it needs, a
 * route family with no access declared). With {@code fx.production=true} any problem fails startup,
 * listed with the uncovered operations; in development each is logged as a warning. Unlike route coverage,
 * checks run with {@code fx.http-access-controlled=true} too: they judge configuration, not only access.
 *
 * <pre>{@code
 * @Singleton
 * final class StorageConfigured implements ProductionCheck {
 *     public List<String> findProblems() {
 *         return storage.isPresent() ? List.of() : List.of("file fields are declared but no storage is configured");
 *     }
 * }
 * }</pre>
 *
 * @since 0.9.0
 */
@FunctionalInterface
public interface ProductionCheck {

    /**
     * @return one sentence per problem, naming what to set or change and never a secret; empty when fit
     */
    @NonNull
    List<String> findProblems();
}
