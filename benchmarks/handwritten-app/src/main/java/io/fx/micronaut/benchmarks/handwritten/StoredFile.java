package io.fx.micronaut.benchmarks.handwritten;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.serde.annotation.Serdeable;

/**
 * An uploaded file as {@code POST /api/files} answers it, in the framework's property order.
 *
 * @param key         where it is stored: {@code anonymous/<uuid>/<name>}
 * @param filename    the client's name, reduced to {@code [A-Za-z0-9._-]}
 * @param contentType the type the client sent for the part
 * @param size        its length in bytes
 * @since 0.1.0
 */
@Serdeable
public record StoredFile(String key, String filename, @JsonProperty("content_type") String contentType, long size) {

    /**
     * {@code {"data":{...}}}.
     *
     * @param data the file
     */
    @Serdeable
    public record Envelope(StoredFile data) {
    }
}
