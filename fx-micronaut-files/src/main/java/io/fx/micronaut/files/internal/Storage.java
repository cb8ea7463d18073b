package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.Optional;

/**
 * The configured {@link FileStorage}, or none: every use without one is 501 {@code NO_STORAGE}, and every storage
 * failure is 500 {@code STORAGE_ERROR} with the generic message (the cause is logged, never answered).
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class Storage {

    private static final Logger LOG = LoggerFactory.getLogger(Storage.class);

    private final FileStorage storage;

    Storage(@Nullable FileStorage storage) {
        this.storage = storage;
    }

    boolean isConfigured() {
        return storage != null;
    }

    FileStorage require() {
        if (storage == null) {
            throw FileErrorCodes.NO_STORAGE.exception("No file storage is configured");
        }
        return storage;
    }

    /** Stores a spooled upload, whose metadata carries its size and SHA-256 (the storage may move the file away). */
    FileMetadata store(PendingUpload upload) {
        try {
            return require().store(upload.key(), upload.spooled(), upload.metadata());
        } catch (IOException | RuntimeException e) {
            throw failed("store", e);
        }
    }

    Optional<FileMetadata> stat(String key) {
        try {
            return require().stat(key);
        } catch (IOException | RuntimeException e) {
            throw failed("stat", e);
        }
    }

    InputStream read(String key, long offset, long length) {
        try {
            return require().read(key, offset, length);
        } catch (IOException | RuntimeException e) {
            throw failed("read", e);
        }
    }

    /** Reads a whole range into memory: exactly {@code length} bytes, or a storage failure (the file shrank). */
    byte[] readFully(String key, long offset, int length) {
        try (InputStream in = require().read(key, offset, length)) {
            byte[] bytes = in.readNBytes(length);
            if (bytes.length != length) {
                throw new IOException("Read " + bytes.length + " of " + length + " bytes");
            }
            return bytes;
        } catch (IOException | RuntimeException e) {
            throw failed("read", e);
        }
    }

    boolean delete(String key) {
        try {
            return require().delete(key);
        } catch (IOException | RuntimeException e) {
            throw failed("delete", e);
        }
    }

    /** Deletes objects, logging (never throwing) a failure: cleanup after a failed write or a commit. */
    void deleteQuietly(Collection<String> keys, String why) {
        for (String key : keys) {
            try {
                require().delete(key);
            } catch (IOException | RuntimeException e) {
                LOG.warn("Could not delete stored file {} ({}): {}", key, why, e.toString());
            }
        }
    }

    private static RuntimeException failed(String what, Exception e) {
        if (e instanceof FxException fx) {
            return fx;
        }
        LOG.error("File storage {} failed", what, e);
        return FileErrorCodes.STORAGE_ERROR.exception("Internal server error", null, e);
    }
}
