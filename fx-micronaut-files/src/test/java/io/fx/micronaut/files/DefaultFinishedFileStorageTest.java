package io.fx.micronaut.files;

import io.fx.micronaut.files.local.LocalFileStorage;
import io.micronaut.core.annotation.NonNull;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The storage contract on a storage that implements only the four abstract methods (a local directory behind them),
 * so that {@link FileStorage#store(String, Path, FileMetadata)} is the SPI's default: the finished file streamed
 * through {@link FileStorage#store(String, InputStream, FileMetadata)}.
 */
class DefaultFinishedFileStorageTest extends FileStorageContract {

    @TempDir
    Path directory;
    private FileStorage storage;

    @BeforeEach
    void open() {
        LocalFileStorage local = new LocalFileStorage(directory.resolve("files"));
        storage = new FileStorage() {
            @Override
            @NonNull
            public FileMetadata store(@NonNull String key, @NonNull InputStream content,
                                      @NonNull FileMetadata metadata) throws IOException {
                return local.store(key, content, metadata);
            }

            @Override
            @NonNull
            public Optional<FileMetadata> stat(@NonNull String key) throws IOException {
                return local.stat(key);
            }

            @Override
            @NonNull
            public InputStream read(@NonNull String key, long offset, long length) throws IOException {
                return local.read(key, offset, length);
            }

            @Override
            public boolean delete(@NonNull String key) throws IOException {
                return local.delete(key);
            }
        };
    }

    @Override
    protected FileStorage storage() {
        return storage;
    }
}
