package io.fx.micronaut.db;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.Collection;

/**
 * Brings the storage up to the registered models at startup: creates what is missing, never drops.
 * The SQL adapter implements it; startup reaches migration only through this interface.
 *
 * @since 0.3.0
 */
public interface SchemaMigration {

    /**
     * Runs the migration for the models; safe to run again and from several instances at once.
     *
     * @param models the models
     * @return what the run created, added and found drifting (since 0.9.0; void before)
     */
    @NonNull
    MigrationReport migrate(@NonNull Collection<ModelDescriptor> models);

    /**
     * Checks, without changing anything, that the storage holds every table and column the models need; run at
     * startup when auto-migration is off ({@code fx.verify-schema}). The default checks nothing.
     *
     * @param models the models
     * @throws io.fx.micronaut.exception.FxConfigurationException naming the first missing table or column
     * @since 0.9.0
     */
    default void verify(@NonNull Collection<ModelDescriptor> models) {
    }
}
