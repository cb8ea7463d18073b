package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FileMetadata;

import java.nio.file.Path;

/**
 * A file part read from a form, waiting in a temporary file to be stored in the DB step under its key.
 *
 * @param field    the file field
 * @param key      the key it will be stored under (already the field's value in the body)
 * @param spooled  the temporary file
 * @param metadata its size, detected type, the client's name and its SHA-256
 */
record PendingUpload(String field, String key, Path spooled, FileMetadata metadata) {
}
