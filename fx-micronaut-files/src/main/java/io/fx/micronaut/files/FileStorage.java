package io.fx.micronaut.files;

import io.micronaut.core.annotation.NonNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the bytes of file fields live: a local directory ({@link io.fx.micronaut.files.local.LocalFileStorage}), an
 * object store, or an application's own. Keys are {@link FileKeys}' {@code <owner>/<uuid>/<name>}; a key of another
 * shape is simply not found, and the storage is never touched for it. Implementations are thread-safe.
 *
 * <pre>{@code
 * FileMetadata stored = storage.store(key, in, new FileMetadata(-1, "image/png", "cat.png", null));
 * try (InputStream part = storage.read(key, 0, 1024)) { ... }
 * }</pre>
 *
 * @since 0.9.0
 */
public interface FileStorage {

    /**
     * Stores a stream under a key, replacing nothing: the key is new.
     *
     * @param key      the key
     * @param content  the bytes, read to the end (not closed)
     * @param metadata the type and original name; size and SHA-256 are computed from the bytes
     * @return the metadata as stored, with the size and the SHA-256
     * @throws IOException when the bytes cannot be stored; nothing is left under the key then
     */
    @NonNull
    FileMetadata store(@NonNull String key, @NonNull InputStream content, @NonNull FileMetadata metadata)
        throws IOException;

    /**
     * Stores a finished file under a key, replacing nothing: the key is new. The caller has already read the file
     * once (to spool it) and passes its size and SHA-256, so a storage that can take the file as it is (a rename on
     * the same file system) need not read it again. The file is the caller's temporary file: the storage may move it
     * away (then it is gone when this returns) or leave it in place; the caller deletes whatever is left. By default
     * the file is streamed through {@link #store(String, InputStream, FileMetadata)}, which computes the size and the
     * SHA-256 again.
     *
     * @param key      the key
     * @param file     a regular file holding the bytes, not modified while this runs
     * @param metadata the type, the original name, and the file's size and lower-case hex SHA-256 (a null SHA-256 or
     *                 a negative size means unknown: the storage computes them)
     * @return the metadata as stored, with the size and the SHA-256
     * @throws IOException when the bytes cannot be stored; nothing is left under the key then
     * @since 0.9.0
     */
    @NonNull
    default FileMetadata store(@NonNull String key, @NonNull Path file, @NonNull FileMetadata metadata)
        throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return store(key, in, metadata);
        }
    }

    /**
     * @param key a key
     * @return its metadata, empty when no object has the key (or the key is malformed)
     * @throws IOException when the storage cannot be asked
     */
    @NonNull
    Optional<FileMetadata> stat(@NonNull String key) throws IOException;

    /**
     * @param key    a stored key
     * @param offset the first byte, from 0
     * @param length how many bytes, at most the object's size minus the offset
     * @return the bytes; the caller closes the stream
     * @throws IOException when the object is gone or cannot be read
     */
    @NonNull
    InputStream read(@NonNull String key, long offset, long length) throws IOException;

    /**
     * @param key a key
     * @return whether an object was deleted (false when none had the key)
     * @throws IOException when the storage cannot delete it
     */
    boolean delete(@NonNull String key) throws IOException;
}
