package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Deletes the file a write leaves behind, once the write has committed: the previous key of a file field that an
 * update replaced or cleared, and every key of a hard-deleted record (cascaded rows too: the store reports them
 * because this listener applies to their model). Never on soft delete, for a field with {@code auto_delete:false},
 * or while any row (even soft-deleted) still references the key, which is asked in the write's transaction after
 * its statement. A rollback deletes nothing; a storage failure after commit is logged and the response stands.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FileCleanupListener implements RecordListener {

    private final Storage storage;
    private final FileReferences references;
    private final DataStore store;
    /** The file fields whose replaced files are deleted, by model name. */
    private final Map<String, List<FileField>> autoDeleted = new ConcurrentHashMap<>();

    FileCleanupListener(Storage storage, FileReferences references, DataStore store) {
        this.storage = storage;
        this.references = references;
        this.store = store;
    }

    @Override
    public int getOrder() {
        return LOWEST_PRECEDENCE - 50;
    }

    /**
     * Models with file fields, while a storage is configured: without one no file was ever stored, so there is
     * nothing to clean up, and the model's writes (and the cascades that reach it) keep their cheaper paths.
     */
    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        return storage.isConfigured() && !model.isSynthetic() && !FileField.of(model).isEmpty();
    }

    /**
     * A create leaves no file behind, nor does an update that sets no file field: only an update of a field whose
     * files are deleted, and deletes, need the record's previous keys (and so its pre-image).
     */
    @Override
    public boolean observes(@NonNull ModelDescriptor model, @NonNull WriteOperation operation,
                            @NonNull Map<String, Object> values) {
        if (operation == WriteOperation.CREATE) {
            return false;
        }
        for (FileField field : autoDeleted(model)) {
            if (values.containsKey(field.name())) {
                return true;
            }
        }
        return false;
    }

    private List<FileField> autoDeleted(ModelDescriptor model) {
        return autoDeleted.computeIfAbsent(model.getName(),
            name -> FileField.of(model).stream().filter(FileField::autoDelete).toList());
    }

    /** A soft delete keeps the row, and with it its files: nothing to do, so no pre-image for it. */
    @Override
    public boolean observesSoftDeletes(@NonNull ModelDescriptor model) {
        return false;
    }

    /** The files a write replaced are found after the statement: on PostgreSQL the update reads its pre-image. */
    @Override
    public boolean needsPreImageBeforeStatement() {
        return false;
    }

    @Override
    public void afterWrite(@NonNull RecordChange change) {
        WriteOperation operation = change.getOperation();
        ModelDescriptor model = change.getModel();
        Map<String, Object> before = change.getBefore().orElse(null);
        if (operation == WriteOperation.CREATE || before == null
            || (operation == WriteOperation.DELETE && !change.isRemoval())) {
            return;
        }
        for (FileField field : autoDeleted(model)) {
            if (!(before.get(field.name()) instanceof String previous)) {
                continue;
            }
            if (operation == WriteOperation.UPDATE) {
                Map<String, Object> after = change.getAfter().orElse(change.getValues());
                if (!after.containsKey(field.name()) || Objects.equals(previous, after.get(field.name()))) {
                    continue;
                }
            }
            if (references.isReferenced(previous)) {
                continue;
            }
            if (store.isActive()) {
                store.afterCommit(change.getContext(), () -> storage.deleteQuietly(List.of(previous),
                    "after the write committed"));
            } else {
                storage.deleteQuietly(List.of(previous), "after the write");
            }
        }
    }
}
