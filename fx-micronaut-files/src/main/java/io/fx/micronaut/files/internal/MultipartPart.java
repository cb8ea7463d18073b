package io.fx.micronaut.files.internal;

import io.micronaut.core.annotation.Nullable;

import java.io.InputStream;

/**
 * One part of a {@code multipart/form-data} body, its bytes read as they arrive.
 *
 * @param name     the form field name
 * @param filename the file name the client sent, null for a text part
 * @param body     the part's bytes, ending at the next boundary
 */
record MultipartPart(String name, @Nullable String filename, InputStream body) {

    /** @return whether the part is a file (it names a file name, even an empty one) */
    boolean isFile() {
        return filename != null;
    }
}
