package io.fx.micronaut.files;

import io.fx.micronaut.exception.ErrorCode;

import java.util.List;

/**
 * The error codes the files module answers with, published to the error code registry and the API document.
 *
 * @since 0.9.0
 */
public final class FileErrorCodes {

    /** A {@code multipart/form-data} body that cannot be read, or {@code POST /files} without a {@code file} part. */
    public static final ErrorCode MULTIPART_ERROR = ErrorCode.of("MULTIPART_ERROR", 400);
    /** A file part or a file key sent while no storage is configured. */
    public static final ErrorCode NO_STORAGE = ErrorCode.of("NO_STORAGE", 501);
    /** A file part over its field's {@code max_size}, or a referenced file over it. */
    public static final ErrorCode FILE_TOO_LARGE = ErrorCode.of("FILE_TOO_LARGE", 413);
    /** A file whose detected type is outside its field's {@code accept}. */
    public static final ErrorCode FILE_TYPE_NOT_ALLOWED = ErrorCode.of("FILE_TYPE_NOT_ALLOWED", 415);
    /** A referenced key that names no stored file. */
    public static final ErrorCode FILE_NOT_FOUND = ErrorCode.of("FILE_NOT_FOUND", 422);
    /** A key of another owner. */
    public static final ErrorCode FILE_FORBIDDEN = ErrorCode.of("FILE_FORBIDDEN", 403);
    /** {@code DELETE /files/{key}} of a file a record still references. */
    public static final ErrorCode FILE_IN_USE = ErrorCode.of("FILE_IN_USE", 409);
    /** A record's file field that holds no file. */
    public static final ErrorCode FILE_NOT_SET = ErrorCode.of("FILE_NOT_SET", 404);
    /** A {@code Range} starting past the end of the file. */
    public static final ErrorCode RANGE_NOT_SATISFIABLE = ErrorCode.of("RANGE_NOT_SATISFIABLE", 416);
    /** The storage failed; the body carries the generic message of every 5xx answer. */
    public static final ErrorCode STORAGE_ERROR = ErrorCode.of("STORAGE_ERROR", 500);

    /** Every code above. */
    public static final List<ErrorCode> ALL = List.of(MULTIPART_ERROR, NO_STORAGE, FILE_TOO_LARGE,
        FILE_TYPE_NOT_ALLOWED, FILE_NOT_FOUND, FILE_FORBIDDEN, FILE_IN_USE, FILE_NOT_SET, RANGE_NOT_SATISFIABLE,
        STORAGE_ERROR);

    private FileErrorCodes() {
    }
}
