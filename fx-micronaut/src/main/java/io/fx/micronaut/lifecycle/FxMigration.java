package io.fx.micronaut.lifecycle;

import io.fx.micronaut.db.MigrationReport;
import io.fx.micronaut.db.SchemaMigration;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs auto-migration: creates tables, unique constraints and indices, adds missing columns, never
 * drops, logs drift. Runs at startup unless {@code fx.disable-auto-migrate=true}; call
 * {@link #migrate()} yourself when the handler serves without the normal start path (a deployment step, the
 * AWS module's migration function). Migrating seals the model registry. Idempotent: a second call returns the
 * first run's report. With auto-migration off, startup calls {@link #verify()} instead
 * ({@code fx.verify-schema}).
 *
 * @since 0.1.0
 */
@Singleton
public class FxMigration {

    private static final Logger LOG = LoggerFactory.getLogger(FxMigration.class);

    private final ModelRegistry registry;
    private final SchemaMigration dataStore;
    private final AtomicReference<MigrationReport> done = new AtomicReference<>();

    /**
     * @param registry  the models
     * @param dataStore the storage that migrates
     */
    public FxMigration(@NonNull ModelRegistry registry, @NonNull SchemaMigration dataStore) {
        this.registry = registry;
        this.dataStore = dataStore;
    }

    /**
     * Seals the registry and migrates every registered model, once.
     *
     * @return what the migration created, added and found drifting (since 0.9.0; void before); a repeated call
     *         returns the first run's report
     */
    @NonNull
    public synchronized MigrationReport migrate() {
        registry.seal();
        MigrationReport report = done.get();
        if (report == null) {
            long start = System.nanoTime();
            report = dataStore.migrate(registry.getModels());
            done.set(report);
            LOG.info("Auto-migration checked {} models in {} ms: {} tables created, {} columns added, {} drift",
                registry.getModels().size(), (System.nanoTime() - start) / 1_000_000, report.tablesCreated().size(),
                report.columnsAdded().size(), report.drift().size());
        }
        return report;
    }

    /**
     * Seals the registry and checks, changing nothing, that the storage holds every registered model's table and
     * column.
     *
     * @throws io.fx.micronaut.exception.FxConfigurationException naming the first missing table or column
     * @since 0.9.0
     */
    public void verify() {
        registry.seal();
        dataStore.verify(registry.getModels());
    }

    /** @return whether migration has run */
    public boolean isDone() {
        return done.get() != null;
    }
}
