package io.fx.micronaut.files.internal;

import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.files.FileErrorCodes;

/** Builds the 400 {@code MULTIPART_ERROR} of a body that is not a readable {@code multipart/form-data} form. */
final class MultipartException {

    private MultipartException() {
    }

    static FxException of(String message) {
        return FileErrorCodes.MULTIPART_ERROR.exception(message);
    }
}
