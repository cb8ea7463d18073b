package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.files.local.LocalFileStorage;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.exceptions.ConfigurationException;
import jakarta.inject.Singleton;

import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The storage of file fields: a {@link LocalFileStorage} when {@code fx.files.local.root} is set (created at startup
 * and checked writable, else startup fails). An application's own {@link FileStorage} bean replaces it.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Factory
final class FileStorageFactory {

    @Singleton
    @Requires(property = FilesConfiguration.LOCAL_ROOT, pattern = ".*\\S.*")
    @Requires(missingBeans = FileStorage.class)
    FileStorage localFileStorage(@Value("${" + FilesConfiguration.LOCAL_ROOT + "}") String root) {
        try {
            return new LocalFileStorage(Path.of(root.trim()));
        } catch (UncheckedIOException | java.nio.file.InvalidPathException e) {
            throw new ConfigurationException(FilesConfiguration.LOCAL_ROOT + " '" + root
                + "' is not a writable directory: " + e.getMessage());
        }
    }
}
