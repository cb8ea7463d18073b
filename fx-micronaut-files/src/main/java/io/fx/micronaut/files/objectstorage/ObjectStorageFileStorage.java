package io.fx.micronaut.files.objectstorage;

import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.objectstorage.ObjectStorageEntry;
import io.micronaut.objectstorage.ObjectStorageOperations;
import io.micronaut.objectstorage.request.FileUploadRequest;

import org.apache.commons.io.input.BoundedInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Files in an object store through Micronaut Object Storage: the object of a key is stored under that key, with the
 * size, type, SHA-256 and original name (percent-encoded, since object metadata is ASCII) as its user metadata
 * ({@code fx-size}, {@code fx-content-type}, {@code fx-sha256}, {@code fx-filename}). A stream is spooled to a
 * temporary file first, so its size and hash are known before the upload (a finished file with its size and hash is
 * uploaded as it is); a range is read by skipping to its start.
 * A text that is not a key is not found, and never reaches the store.
 *
 * @since 0.9.0
 */
public final class ObjectStorageFileStorage implements FileStorage {

    static final String SIZE = "fx-size";
    static final String TYPE = "fx-content-type";
    static final String SHA256 = "fx-sha256";
    static final String FILENAME = "fx-filename";

    private final ObjectStorageOperations<?, ?, ?> operations;

    /** @param operations the object store */
    public ObjectStorageFileStorage(@NonNull ObjectStorageOperations<?, ?, ?> operations) {
        this.operations = operations;
    }

    @Override
    @NonNull
    public FileMetadata store(@NonNull String key, @NonNull InputStream content, @NonNull FileMetadata metadata)
        throws IOException {
        if (!FileKeys.isKey(key)) {
            throw new IOException("Not a storage key");
        }
        Path spooled = Files.createTempFile("fx-object", ".part");
        try {
            MessageDigest digest = sha256();
            long size;
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(spooled), digest)) {
                size = content.transferTo(out);
            }
            FileMetadata stored = new FileMetadata(size, metadata.contentType(), metadata.filename(),
                HexFormat.of().formatHex(digest.digest()));
            upload(key, spooled, stored);
            return stored;
        } finally {
            Files.deleteIfExists(spooled);
        }
    }

    /**
     * Uploads the file as it is, trusting the size and SHA-256 the caller computed while writing it (no second
     * temporary file); without a SHA-256 it is streamed as by the default. The file is left in place.
     */
    @Override
    @NonNull
    public FileMetadata store(@NonNull String key, @NonNull Path file, @NonNull FileMetadata metadata)
        throws IOException {
        if (metadata.sha256() == null || metadata.size() < 0) {
            return FileStorage.super.store(key, file, metadata);
        }
        if (!FileKeys.isKey(key)) {
            throw new IOException("Not a storage key");
        }
        long size = Files.size(file);
        if (size != metadata.size()) {
            throw new IOException("The file has " + size + " bytes, its metadata " + metadata.size());
        }
        upload(key, file, metadata);
        return metadata;
    }

    private void upload(String key, Path file, FileMetadata stored) {
        Map<String, String> user = new LinkedHashMap<>();
        user.put(SIZE, Long.toString(stored.size()));
        user.put(TYPE, stored.contentType());
        user.put(SHA256, stored.sha256());
        user.put(FILENAME, URLEncoder.encode(stored.filename(), StandardCharsets.UTF_8));
        operations.upload(new FileUploadRequest(key, stored.contentType(), file, user));
    }

    @Override
    @NonNull
    public Optional<FileMetadata> stat(@NonNull String key) throws IOException {
        if (!FileKeys.isKey(key)) {
            return Optional.empty();
        }
        Optional<ObjectStorageEntry<?>> found = operations.retrieve(key);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ObjectStorageEntry<?> entry = found.get();
        try (InputStream ignored = entry.getInputStream()) {
            Map<String, String> user = lowerCase(entry.getMetadata());
            String size = user.get(SIZE);
            if (size == null) {
                return Optional.empty(); // not an object this storage wrote
            }
            return Optional.of(new FileMetadata(Long.parseLong(size),
                user.getOrDefault(TYPE, entry.getContentType().orElse("application/octet-stream")),
                URLDecoder.decode(user.getOrDefault(FILENAME, ""), StandardCharsets.UTF_8), user.get(SHA256)));
        }
    }

    @Override
    @NonNull
    public InputStream read(@NonNull String key, long offset, long length) throws IOException {
        if (!FileKeys.isKey(key)) {
            throw new NoSuchFileException(key);
        }
        Optional<ObjectStorageEntry<?>> found = operations.retrieve(key);
        if (found.isEmpty()) {
            throw new NoSuchFileException(key);
        }
        InputStream in = found.get().getInputStream();
        try {
            in.skipNBytes(offset);
        } catch (IOException e) {
            in.close();
            throw e;
        }
        // the object's stream, ending after the range's length (a negative length reads nothing)
        return BoundedInputStream.builder().setInputStream(in).setMaxCount(Math.max(0, length)).get();
    }

    @Override
    public boolean delete(@NonNull String key) throws IOException {
        if (!FileKeys.isKey(key) || !operations.exists(key)) {
            return false;
        }
        operations.delete(key);
        return true;
    }

    private static Map<String, String> lowerCase(Map<String, String> metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        metadata.forEach((name, value) -> out.put(name.toLowerCase(java.util.Locale.ROOT), value));
        return out;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
