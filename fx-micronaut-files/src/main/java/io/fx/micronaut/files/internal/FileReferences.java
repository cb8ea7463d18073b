package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether any row of any model, soft-deleted rows included, still holds a key in a file field: one query over every
 * file column (each indexed), built once, run in the caller's transaction when one is active.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FileReferences {

    private final DataStore store;
    private final ModelRegistry registry;
    private volatile Query query;

    FileReferences(DataStore store, ModelRegistry registry) {
        this.store = store;
        this.registry = registry;
    }

    /**
     * @param key a storage key
     * @return whether a row references it
     */
    boolean isReferenced(String key) {
        Query built = query();
        if (built.columns == 0) {
            return false;
        }
        List<Object> parameters = new ArrayList<>(built.columns);
        for (int i = 0; i < built.columns; i++) {
            parameters.add(key);
        }
        return !store.query(built.sql, parameters).isEmpty();
    }

    private Query query() {
        Query built = query;
        if (built == null) {
            List<String> selects = new ArrayList<>();
            for (ModelDescriptor model : registry.getModels()) {
                if (model.isSynthetic()) {
                    continue;
                }
                for (FileField field : FileField.of(model)) {
                    selects.add("SELECT 1 AS found FROM " + quote(model.getTable()) + " WHERE " + quote(field.name())
                        + " = ?");
                }
            }
            built = new Query(selects.isEmpty() ? "" : String.join(" UNION ALL ", selects), selects.size());
            query = built;
        }
        return built;
    }

    private static String quote(String identifier) {
        return '"' + identifier + '"';
    }

    private record Query(String sql, int columns) {
    }
}
