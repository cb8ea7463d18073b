package io.fx.micronaut.files.internal;

import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.model.AttributeKey;
import io.micronaut.core.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The temporary files of one request's uploads: each part is copied to one as it arrives, in one pass that keeps its
 * first 64 KiB for type detection, computes its SHA-256, and counts its size against the field's cap (refused at byte
 * {@code max_size + 1}, before the rest is read); the storage then takes the finished file with its size and
 * SHA-256 ({@link io.fx.micronaut.files.FileStorage#store(String, Path, FileMetadata)}), a rename for a local
 * directory. Closing deletes every file still there, whatever became of the request.
 */
final class UploadSpool implements AutoCloseable {

    /** Where a request's pending uploads wait for the DB step. */
    static final AttributeKey<UploadSpool> KEY = AttributeKey.of("fx.files.uploads", UploadSpool.class);

    private final List<PendingUpload> uploads = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();

    /**
     * @param field    the file field, or null for the standalone upload route (no cap but the body's)
     * @param name     the form field name, for messages
     * @param key      the key it will be stored under
     * @param filename the client's name
     * @param in       the part's bytes
     * @param detector the type detector
     * @return the upload, spooled
     * @throws IOException when the temporary file cannot be written
     * @throws FxException {@code FILE_TOO_LARGE}, {@code FILE_TYPE_NOT_ALLOWED}, or {@code VALIDATION_ERROR} for an
     *     empty file
     */
    PendingUpload spool(@Nullable FileField field, String name, String key, String filename, InputStream in,
                        TypeDetector detector) throws IOException {
        Path file = Files.createTempFile("fx-upload", ".part");
        files.add(file);
        byte[] prefix = new byte[TypeDetector.PREFIX];
        int prefixLength = 0;
        long size = 0;
        long cap = field == null ? -1 : field.maxSize();
        MessageDigest digest = sha256();
        byte[] chunk = new byte[16 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            int n;
            while ((n = in.read(chunk)) >= 0) {
                size += n;
                if (cap >= 0 && size > cap) {
                    throw FileErrorCodes.FILE_TOO_LARGE.exception("The file of " + name + " exceeds its limit of "
                        + cap + " bytes");
                }
                if (prefixLength < prefix.length) {
                    int copied = Math.min(n, prefix.length - prefixLength);
                    System.arraycopy(chunk, 0, prefix, prefixLength, copied);
                    prefixLength += copied;
                }
                digest.update(chunk, 0, n);
                out.write(chunk, 0, n);
            }
        }
        if (size == 0) {
            throw FileViolations.of(name, "empty", "The file of " + name + " is empty");
        }
        String type = detector.detect(prefix, prefixLength, filename);
        if (field != null && !field.accepts(type)) {
            throw FileErrorCodes.FILE_TYPE_NOT_ALLOWED.exception("The file of " + name + " is " + type
                + ", which the field does not accept");
        }
        PendingUpload upload = new PendingUpload(name, key, file, new FileMetadata(size, type, filename,
            HexFormat.of().formatHex(digest.digest())));
        uploads.add(upload);
        return upload;
    }

    /** @return the uploads, in form order */
    List<PendingUpload> uploads() {
        return List.copyOf(uploads);
    }

    /**
     * @param key a field's value
     * @return the pending upload stored under it, or null when the value is not one of this request's uploads
     */
    @Nullable
    PendingUpload find(@Nullable Object key) {
        for (PendingUpload upload : uploads) {
            if (upload.key().equals(key)) {
                return upload;
            }
        }
        return null;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    @Override
    public void close() {
        for (Path file : files) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                file.toFile().deleteOnExit();
            }
        }
    }
}
