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
     */
    void migrate(@NonNull Collection<ModelDescriptor> models);
}
