package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.fx.micronaut.exception.ErrorCatalog;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.files.FileErrorCodes;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Collection;

/** Publishes {@link FileErrorCodes}. */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class FilesErrorCatalog implements ErrorCatalog {

    @Override
    @NonNull
    public Collection<ErrorCode> codes() {
        return FileErrorCodes.ALL;
    }
}
