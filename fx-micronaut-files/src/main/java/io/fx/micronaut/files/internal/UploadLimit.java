package io.fx.micronaut.files.internal;

import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.files.FileOperations;
import io.fx.micronaut.files.FilesConfiguration;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.web.BodySizeLimit;
import io.fx.micronaut.web.RouteTarget;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.util.OptionalLong;

/**
 * {@code fx.files.max-upload-size} (32 MiB) for {@code multipart/form-data} bodies of model creates and updates and
 * of {@code POST /files}; JSON bodies to the same routes keep {@code fx.max-body-size}.
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class UploadLimit implements BodySizeLimit {

    private final long maxUpload;

    UploadLimit(FilesConfiguration configuration) {
        this.maxUpload = configuration.getMaxUploadSize();
    }

    @Override
    @NonNull
    public OptionalLong maxBodySize(@NonNull RouteTarget route) {
        return OptionalLong.empty();
    }

    @Override
    @NonNull
    public OptionalLong maxBodySize(@NonNull RouteTarget route, @Nullable MediaType contentType) {
        if (contentType == null || !contentType.matches(MediaType.MULTIPART_FORM_DATA_TYPE)) {
            return OptionalLong.empty();
        }
        Operation operation = route.operation();
        boolean upload = route.findSubResource().isEmpty() && (FileOperations.FILE_UPLOAD.equals(operation)
            || Operation.CREATE.equals(operation) || Operation.UPDATE.equals(operation));
        return upload ? OptionalLong.of(maxUpload) : OptionalLong.empty();
    }
}
