package io.fx.micronaut.files;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Objects;

/**
 * What is known of a stored file besides its bytes.
 *
 * @param size        its length in bytes; -1 before it is stored
 * @param contentType the type detected from its bytes (never the client's {@code Content-Type})
 * @param filename    the client's original name, as sent (for {@code Content-Disposition} only)
 * @param sha256      the lower-case hex SHA-256 of its bytes; null before it is stored
 * @since 0.9.0
 */
public record FileMetadata(long size, @NonNull String contentType, @NonNull String filename, @Nullable String sha256) {

    /** Checks the type and the name are present. */
    public FileMetadata {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(filename, "filename");
    }
}
