package io.fx.micronaut.files;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every {@link FileStorage} does, run against each implementation: store a stream or a finished file with
 * metadata, stat, ranged reads, delete, and keys of another shape never found.
 */
public abstract class FileStorageContract {

    /** @return the storage under test, empty */
    protected abstract FileStorage storage();

    @Test
    void storesStatsReadsAndDeletes() throws Exception {
        FileStorage storage = storage();
        String key = FileKeys.newKey(null, "hello world.txt");
        byte[] bytes = "hello, storage".getBytes(StandardCharsets.UTF_8);
        FileMetadata stored = storage.store(key, new ByteArrayInputStream(bytes),
            new FileMetadata(-1, "text/plain", "hello world.txt", null));
        assertEquals(bytes.length, stored.size());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)), stored.sha256());

        FileMetadata stat = storage.stat(key).orElseThrow();
        assertEquals(bytes.length, stat.size());
        assertEquals("text/plain", stat.contentType());
        assertEquals("hello world.txt", stat.filename());
        assertEquals(stored.sha256(), stat.sha256());

        try (InputStream in = storage.read(key, 0, bytes.length)) {
            assertArrayEquals(bytes, in.readAllBytes());
        }
        try (InputStream in = storage.read(key, 7, 7)) {
            assertEquals("storage", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertTrue(storage.delete(key));
        assertTrue(storage.stat(key).isEmpty());
        assertFalse(storage.delete(key));
    }

    @Test
    void storesAFinishedFileWithItsSizeAndSha256() throws Exception {
        FileStorage storage = storage();
        byte[] bytes = new byte[200_001];
        new java.util.Random(11).nextBytes(bytes);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        Path file = Files.write(Files.createTempFile("fx-contract", ".part"), bytes);
        String key = FileKeys.newKey(null, "finished.bin");
        try {
            FileMetadata stored = storage.store(key, file, new FileMetadata(bytes.length, "application/octet-stream",
                "finished.bin", sha256));
            assertEquals(bytes.length, stored.size());
            assertEquals(sha256, stored.sha256());
            FileMetadata stat = storage.stat(key).orElseThrow();
            assertEquals(bytes.length, stat.size());
            assertEquals(sha256, stat.sha256());
            assertEquals("application/octet-stream", stat.contentType());
            assertEquals("finished.bin", stat.filename());
            try (InputStream in = storage.read(key, 0, bytes.length)) {
                assertArrayEquals(bytes, in.readAllBytes());
            }
            try (InputStream in = storage.read(key, 1000, 10)) {
                assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 1000, 1010), in.readAllBytes());
            }
            assertTrue(storage.delete(key));
            assertTrue(storage.stat(key).isEmpty());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aFinishedFileWithoutSha256GetsOneComputed() throws Exception {
        FileStorage storage = storage();
        byte[] bytes = "finished, unhashed".getBytes(StandardCharsets.UTF_8);
        Path file = Files.write(Files.createTempFile("fx-contract", ".part"), bytes);
        String key = FileKeys.newKey(null, "unhashed.txt");
        try {
            FileMetadata stored = storage.store(key, file, new FileMetadata(-1, "text/plain", "unhashed.txt", null));
            assertEquals(bytes.length, stored.size());
            assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)),
                stored.sha256());
            assertEquals(stored.sha256(), storage.stat(key).orElseThrow().sha256());
            assertTrue(storage.delete(key));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aFinishedFileUnderAMalformedKeyIsRefused() throws Exception {
        FileStorage storage = storage();
        Path file = Files.write(Files.createTempFile("fx-contract", ".part"), new byte[] {1, 2, 3});
        try {
            assertThrows(IOException.class, () -> storage.store("../../escape.txt", file,
                new FileMetadata(3, "application/octet-stream", "escape.txt", "00")));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void keepsUtf8NamesInMetadata() throws Exception {
        FileStorage storage = storage();
        String name = "résumé \"2024\"\r\n.pdf";
        String key = FileKeys.newKey(null, name);
        storage.store(key, new ByteArrayInputStream(new byte[] {1, 2, 3}), new FileMetadata(-1, "application/pdf",
            name, null));
        assertEquals(name, storage.stat(key).orElseThrow().filename());
        storage.delete(key);
    }

    @Test
    void otherKeysAreNotFound() throws IOException {
        FileStorage storage = storage();
        for (String key : new String[] {"../../etc/passwd", "/etc/passwd", "anonymous/../../x",
            "anonymous/not-a-uuid/x.txt", "anonymous/" + java.util.UUID.randomUUID() + "/.meta",
            "anonymous\\" + java.util.UUID.randomUUID() + "\\x", "", "a/b/c/d"}) {
            assertTrue(storage.stat(key).isEmpty(), key);
            assertFalse(storage.delete(key), key);
        }
    }

    @Test
    void largeStreamsKeepEveryByte() throws Exception {
        FileStorage storage = storage();
        byte[] bytes = new byte[3 * 1024 * 1024 + 17];
        new java.util.Random(7).nextBytes(bytes);
        String key = FileKeys.newKey(null, "big.bin");
        storage.store(key, new ByteArrayInputStream(bytes), new FileMetadata(-1, "application/octet-stream", "big.bin",
            null));
        try (InputStream in = storage.read(key, bytes.length - 100, 100)) {
            assertArrayEquals(java.util.Arrays.copyOfRange(bytes, bytes.length - 100, bytes.length), in.readAllBytes());
        }
        assertEquals(bytes.length, storage.stat(key).orElseThrow().size());
        storage.delete(key);
    }
}
