package io.fx.micronaut.files;

import io.fx.micronaut.pipeline.Operation;

/**
 * The operations of the standalone file routes, whose Auth-step middleware run as for any operation: register
 * middleware for them ({@code MiddlewareOptions.before().operations(FileOperations.FILE_UPLOAD)}) or for all
 * operations. A record's file ({@code GET /{collection}/{id}/{field}}) runs {@link Operation#READ}.
 *
 * @since 0.9.0
 */
public final class FileOperations {

    /** {@code POST /files}. */
    public static final Operation FILE_UPLOAD = Operation.named("FILE_UPLOAD");
    /** {@code GET} and {@code HEAD /files/{key}}. */
    public static final Operation FILE_DOWNLOAD = Operation.named("FILE_DOWNLOAD");
    /** {@code DELETE /files/{key}}. */
    public static final Operation FILE_DELETE = Operation.named("FILE_DELETE");

    private FileOperations() {
    }
}
