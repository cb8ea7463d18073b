package io.fx.micronaut.files;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;
import java.util.Optional;

/**
 * The files module's settings, under {@code fx.files}.
 *
 * @since 0.9.0
 */
@ConfigurationProperties(FilesConfiguration.PREFIX)
public interface FilesConfiguration {

    /** The prefix. */
    String PREFIX = "fx.files";
    /** {@code fx.files.enabled}: the module's switch; true by default, false leaves every bean of it out. */
    String ENABLED = PREFIX + ".enabled";
    /** {@code fx.files.local.root}: the directory of the local storage; unset, none. */
    String LOCAL_ROOT = PREFIX + ".local.root";
    /** {@code fx.files.routes.enabled}: whether the {@code /files} routes are mounted (false by default). */
    String ROUTES_ENABLED = PREFIX + ".routes.enabled";
    /** {@code fx.files.routes.access}: {@code public} or {@code protected}; no default. */
    String ROUTES_ACCESS = PREFIX + ".routes.access";
    /** The default cap of a multipart body, 32 MiB. */
    long DEFAULT_MAX_UPLOAD_SIZE = 32L * 1024 * 1024;
    /** The types served {@code inline} by default; any other is an {@code attachment}. */
    String DEFAULT_INLINE_TYPES = "image/png,image/jpeg,image/gif,image/webp,image/bmp,image/x-icon,"
        + "application/pdf,text/plain";

    /**
     * @return the most bytes a {@code multipart/form-data} body may hold, in bytes (32 MiB); the server's
     *     {@code micronaut.server.max-request-size} must be at least this
     */
    @Bindable(defaultValue = "33554432")
    long getMaxUploadSize();

    /**
     * @return the largest download body (a whole file or a range), in bytes, read into memory at once and sent from
     *     there rather than streamed from storage piece by piece (512 KiB); each download in flight holds at most
     *     this much heap; 0 streams every body
     * @since 0.9.0
     */
    @Bindable(defaultValue = "524288")
    int getBufferedDownloadSize();

    /** @return the name of the {@code ObjectStorageOperations} bean to store in, when several exist */
    @NonNull
    Optional<String> getObjectStorage();

    /** @return the stored types answered {@code Content-Disposition: inline}; any other is an attachment */
    @Bindable(defaultValue = DEFAULT_INLINE_TYPES)
    @NonNull
    List<String> getInlineTypes();
}
