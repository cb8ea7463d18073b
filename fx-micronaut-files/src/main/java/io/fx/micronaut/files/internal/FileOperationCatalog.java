package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FileOperations;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationCatalog;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;
import java.util.List;

/** Lets middleware name {@code FILE_UPLOAD}, {@code FILE_DOWNLOAD} and {@code FILE_DELETE}. */
@Singleton
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
final class FileOperationCatalog implements OperationCatalog {

    @Override
    @NonNull
    public Collection<Operation> operations() {
        return List.of(FileOperations.FILE_UPLOAD, FileOperations.FILE_DOWNLOAD, FileOperations.FILE_DELETE);
    }
}
