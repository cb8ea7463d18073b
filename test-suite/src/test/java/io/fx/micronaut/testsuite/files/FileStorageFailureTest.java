package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.local.LocalFileStorage;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A storage that fails: an application's own {@code FileStorage} bean (which replaces the local one) whose reads of
 * some files and whose stores fail answers 500 {@code STORAGE_ERROR} with the generic message, and a failed store
 * leaves no record.
 */
@TestDatabase
class FileStorageFailureTest {

    private static final String NAME = "FileStorageFailureTest";

    @TempDir
    Path directory;

    /** The local storage, but reading {@code broken*} files and storing {@code refused*} ones fails. */
    @Singleton
    @Requires(property = "spec.name", value = NAME)
    static final class FailingStorage implements FileStorage {
        private final LocalFileStorage local;

        FailingStorage(@Value("${fx.files.local.root}") String root) {
            this.local = new LocalFileStorage(Path.of(root));
        }

        @Override
        @NonNull
        public FileMetadata store(@NonNull String key, @NonNull InputStream content, @NonNull FileMetadata metadata)
            throws IOException {
            if (key.contains("/refused")) {
                throw new IOException("disk full at /secret/path");
            }
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
            if (key.contains("/broken")) {
                throw new IOException("device error at /secret/path");
            }
            return local.read(key, offset, length);
        }

        @Override
        public boolean delete(@NonNull String key) throws IOException {
            return local.delete(key);
        }
    }

    @Test
    void storageFailuresAreGeneric500s() {
        try (FilesServer files = FilesServer.start(NAME, directory)) {
            Api.Reply created = files.form("POST", "/api/documents", new Form().text("title", "t")
                .file("attachment", "broken.txt", Form.utf8("bytes")));
            assertEquals(201, created.status(), created.toString());
            Api.Reply read = files.api.get("/api/documents/" + created.createdId() + "/attachment");
            assertEquals(500, read.status(), read.toString());
            assertEquals("STORAGE_ERROR", read.code());
            assertFalse(read.text().contains("secret") || read.text().contains("device"), read.text());

            long count = files.api.count("/api/documents");
            Api.Reply refused = files.form("POST", "/api/documents", new Form().text("title", "refused")
                .file("attachment", "refused.txt", Form.utf8("bytes")));
            assertEquals(500, refused.status(), refused.toString());
            assertEquals("STORAGE_ERROR", refused.code());
            assertFalse(refused.text().contains("disk full"), refused.text());
            assertEquals(count, files.api.count("/api/documents"));
            assertEquals(List.of(), files.stored().stream().filter(k -> k.contains("refused")).toList());
        }
    }
}
