package io.fx.micronaut.files.internal;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;

/** Recognises a {@code multipart/form-data} request. */
final class MultipartForms {

    private MultipartForms() {
    }

    /**
     * @param contentType a {@code Content-Type} header, or null
     * @return whether it is {@code multipart/form-data}
     */
    static boolean isForm(@Nullable String contentType) {
        if (contentType == null) {
            return false;
        }
        try {
            return MediaType.of(contentType).matches(MediaType.MULTIPART_FORM_DATA_TYPE);
        } catch (RuntimeException e) {
            return false;
        }
    }
}
