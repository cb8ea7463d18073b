package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.web.BodyMediaType;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

/** Admits {@code multipart/form-data} write bodies, left unread for the files middleware to stream. */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class MultipartBodyMediaType implements BodyMediaType {

    @Override
    public boolean admits(@NonNull MediaType type) {
        return type.matches(MediaType.MULTIPART_FORM_DATA_TYPE);
    }
}
