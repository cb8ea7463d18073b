package io.fx.micronaut.lifecycle;

import io.fx.micronaut.db.SchemaMigration;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs auto-migration: creates tables, unique constraints and indices, adds missing columns, never
 * drops, logs drift. Runs at startup unless {@code fx.disable-auto-migrate=true}; call
 * {@link #migrate()} yourself when the handler serves without the normal start path. Migrating
 * seals the model registry. Idempotent.
 *
 * @since 0.1.0
 */
@Singleton
public class FxMigration {

    private static final Logger LOG = LoggerFactory.getLogger(FxMigration.class);

    private final ModelRegistry registry;
    private final SchemaMigration dataStore;
    private final AtomicBoolean done = new AtomicBoolean();

    /**
     * @param registry  the models
     * @param dataStore the storage that migrates
     */
    public FxMigration(@NonNull ModelRegistry registry, @NonNull SchemaMigration dataStore) {
        this.registry = registry;
        this.dataStore = dataStore;
    }

    /** Seals the registry and migrates every registered model, once. */
    public void migrate() {
        registry.seal();
        if (done.compareAndSet(false, true)) {
            long start = System.nanoTime();
            dataStore.migrate(registry.getModels());
            LOG.info("Auto-migration checked {} models in {} ms", registry.getModels().size(),
                (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** @return whether migration has run */
    public boolean isDone() {
        return done.get();
    }
}
