package io.fx.micronaut.files.local;

import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.FileStorageContract;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The storage contract on a local directory, plus what only a directory can get wrong: links and leftovers. */
class LocalFileStorageTest extends FileStorageContract {

    /** The SHA-256 of the bytes 1, 2, 3. */
    private static final String SHA_123 = "039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81";

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
    void aFinishedFileIsMovedIntoPlace() throws Exception {
        Path spooled = Files.write(Files.createTempFile(directory, "fx-upload", ".part"), new byte[] {1, 2, 3});
        String key = FileKeys.newKey(null, "moved.bin");
        storage.store(key, spooled, new FileMetadata(3, "application/octet-stream", "moved.bin", SHA_123));
        assertFalse(Files.exists(spooled));
        assertEquals(SHA_123, storage.stat(key).orElseThrow().sha256());
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(storage.root().resolve(key)));
    }

    @Test
    void aFinishedFileOnAnotherFileSystemIsCopied() throws Exception {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm)
            && !Files.getFileStore(shm).equals(Files.getFileStore(storage.root())), "no second file system");
        Path spooled = Files.write(Files.createTempFile(shm, "fx-upload", ".part"), new byte[] {1, 2, 3});
        try {
            String key = FileKeys.newKey(null, "copied.bin");
            storage.store(key, spooled, new FileMetadata(3, "application/octet-stream", "copied.bin", SHA_123));
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(storage.root().resolve(key)));
            assertEquals(SHA_123, storage.stat(key).orElseThrow().sha256());
            try (Stream<Path> left = Files.list(storage.root().resolve(key).getParent())) {
                assertEquals(List.of(".meta", "copied.bin"), left.map(p -> p.getFileName().toString()).sorted()
                    .toList());
            }
        } finally {
            Files.deleteIfExists(spooled);
        }
    }

    @Test
    void aFailedMoveLeavesNothingBehind() throws Exception {
        Path spooled = Files.write(Files.createTempFile(directory, "fx-upload", ".part"), new byte[] {1, 2, 3});
        String key = FileKeys.newKey(null, "short.bin");
        assertThrows(IOException.class, () -> storage.store(key, spooled,
            new FileMetadata(4, "application/octet-stream", "short.bin", SHA_123)));
        assertThrows(IOException.class, () -> storage.store(FileKeys.newKey(null, "gone.bin"),
            directory.resolve("no-such.part"), new FileMetadata(3, "application/octet-stream", "gone.bin", SHA_123)));
        assertTrue(storage.stat(key).isEmpty());
        try (Stream<Path> left = Files.list(storage.root())) {
            assertEquals(List.of(), left.toList());
        }
        assertTrue(Files.exists(spooled), "the caller's file is left to the caller when nothing was stored");
    }

    @Test
    void anUnwritableRootFailsAtOnce() throws Exception {
        Path file = Files.writeString(directory.resolve("plain-file"), "x");
        assertThrows(java.io.UncheckedIOException.class, () -> new LocalFileStorage(file));
    }
}
