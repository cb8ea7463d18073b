package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileErrorCodes;
import io.fx.micronaut.files.FileField;
import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.pipeline.RequestContext;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;

/**
 * Checks a key a create or update references in a file field: it is a text, the storage is configured (501
 * {@code NO_STORAGE}), it carries the caller's owner segment or {@code anonymous} (403 {@code FILE_FORBIDDEN},
 * checked before existence so that another owner's keys reveal nothing), it names a stored file (422
 * {@code FILE_NOT_FOUND}), within the field's {@code max_size} (413 {@code FILE_TOO_LARGE}) and of a type its
 * {@code accept} admits, detected again from the stored bytes (415 {@code FILE_TYPE_NOT_ALLOWED}).
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class KeyReferences {

    private final Storage storage;
    private final TypeDetector detector;

    KeyReferences(Storage storage, TypeDetector detector) {
        this.storage = storage;
        this.detector = detector;
    }

    void check(RequestContext context, FileField field, Object value) {
        String name = field.name();
        if (!(value instanceof String key)) {
            throw FileViolations.of(name, "type", name + " holds a file key, a string");
        }
        storage.require();
        if (!FileKeys.isKey(key)) {
            throw FileErrorCodes.FILE_NOT_FOUND.exception("No stored file has the key of " + name);
        }
        if (!FileKeys.ownedBy(key, context.getPrincipal().orElse(null))) {
            throw FileErrorCodes.FILE_FORBIDDEN.exception("The file of " + name + " belongs to another owner");
        }
        FileMetadata metadata = storage.stat(key).orElseThrow(
            () -> FileErrorCodes.FILE_NOT_FOUND.exception("No stored file has the key of " + name));
        if (!field.fits(metadata.size())) {
            throw FileErrorCodes.FILE_TOO_LARGE.exception("The file of " + name + " exceeds its limit of "
                + field.maxSize() + " bytes");
        }
        if (!field.accept().isEmpty()) {
            String type = detect(key, metadata);
            if (!field.accepts(type)) {
                throw FileErrorCodes.FILE_TYPE_NOT_ALLOWED.exception("The file of " + name + " is " + type
                    + ", which the field does not accept");
            }
        }
    }

    private String detect(String key, FileMetadata metadata) {
        int length = (int) Math.min(TypeDetector.PREFIX, metadata.size());
        try (InputStream in = storage.read(key, 0, length)) {
            byte[] prefix = in.readNBytes(length);
            return detector.detect(prefix, prefix.length, metadata.filename());
        } catch (IOException e) {
            throw FileErrorCodes.STORAGE_ERROR.exception("Internal server error", null, e);
        }
    }
}
