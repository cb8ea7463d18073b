package io.fx.micronaut.files.local;

import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.FileStorageContract;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The storage contract on a local directory, plus what only a directory can get wrong: links and leftovers. */
class LocalFileStorageTest extends FileStorageContract {

    @TempDir
    Path directory;
    private LocalFileStorage storage;

    @BeforeEach
    void open() {
        storage = new LocalFileStorage(directory.resolve("files"));
    }

    @Override
    protected FileStorage storage() {
        return storage;
    }

    @Test
    void symbolicLinksAreRefused() throws Exception {
        Path outside = Files.createDirectories(directory.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "secret");
        String uuid = java.util.UUID.randomUUID().toString();
        Path owner = Files.createDirectories(storage.root().resolve("anonymous"));
        Files.createSymbolicLink(owner.resolve(uuid), outside);
        String key = "anonymous/" + uuid + "/secret.txt";
        assertTrue(storage.stat(key).isEmpty());
        assertThrows(java.io.IOException.class, () -> storage.read(key, 0, 6));
        assertEquals(false, storage.delete(key));
        assertTrue(Files.exists(outside.resolve("secret.txt")));
    }

    @Test
    void deleteLeavesNoDirectoryBehind() throws Exception {
        String key = FileKeys.newKey(null, "a.txt");
        storage.store(key, new ByteArrayInputStream(new byte[] {1}), new FileMetadata(-1, "text/plain", "a.txt", null));
        storage.delete(key);
        try (Stream<Path> left = Files.list(storage.root())) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void anUnwritableRootFailsAtOnce() throws Exception {
        Path file = Files.writeString(directory.resolve("plain-file"), "x");
        assertThrows(java.io.UncheckedIOException.class, () -> new LocalFileStorage(file));
    }
}
