package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET} and {@code HEAD /{collection}/{id}/{field}}: a record's file, one name per file field, through the
 * pipeline of {@link Operation#READ} (what guards the record guards its files). A record the caller cannot read, or
 * a field it cannot read ({@code hidden}, {@code writeonly}), is 404 {@code NOT_FOUND}; a field without a file is
 * 404 {@code FILE_NOT_SET}.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FileSubResource implements SubResource {

    private final Storage storage;
    private final FileDownloads downloads;

    FileSubResource(Storage storage, FileDownloads downloads) {
        this.storage = storage;
        this.downloads = downloads;
    }

    @Override
    @NonNull
    public String name() {
        return "file";
    }

    @Override
    @NonNull
    public Set<String> names(@NonNull ModelDescriptor model) {
        Set<String> names = new LinkedHashSet<>();
        FileField.of(model).forEach(field -> names.add(field.name()));
        return names;
    }

    @Override
    @NonNull
    public Operation operation() {
        return Operation.READ;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model) {
        return !FileField.of(model).isEmpty();
    }

    @Override
    @Nullable
    public Object load(@NonNull RequestContext context) {
        String path = context.getRequest().orElseThrow().getPath();
        String name = path.substring(path.lastIndexOf('/') + 1);
        FieldDescriptor field = context.getModel().findField(name).orElse(null);
        if (field == null || !field.isReadable()) {
            throw ErrorCode.NOT_FOUND.exception("No route for " + path);
        }
        Map<String, Object> record = context.getStoredRecord().orElseThrow();
        if (!(record.get(name) instanceof String key) || key.isEmpty()) {
            throw FileErrorCodes.FILE_NOT_SET.exception("The record has no file in " + name);
        }
        FileMetadata metadata = storage.stat(key)
            .orElseThrow(() -> FileErrorCodes.FILE_NOT_SET.exception("The file of " + name + " is gone"));
        return downloads.respond(context, key, metadata);
    }
}
