package io.fx.micronaut.files;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.Optional;

/**
 * The standalone {@code /files} routes, under {@code fx.files.routes}.
 *
 * @since 0.9.0
 */
@ConfigurationProperties(FileRoutesConfiguration.PREFIX)
public interface FileRoutesConfiguration {

    /** The prefix. */
    String PREFIX = "fx.files.routes";

    /** @return whether {@code POST /files} and {@code GET}, {@code HEAD}, {@code DELETE /files/{key}} are mounted */
    @Bindable(defaultValue = "false")
    boolean isEnabled();

    /**
     * @return {@code public} or {@code protected}, as written; production validation refuses the routes when it is
     *     unset or anything else
     */
    @NonNull
    Optional<String> getAccess();
}
