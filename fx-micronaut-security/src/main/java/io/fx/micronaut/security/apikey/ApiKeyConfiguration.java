package io.fx.micronaut.security.apikey;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * API keys, under {@code fx.security.api-keys}: the header they travel in; the keys themselves are the
 * {@code entries} ({@link ApiKeyEntryConfiguration}).
 *
 * @since 0.4.0
 */
@ConfigurationProperties(ApiKeyConfiguration.PREFIX)
public interface ApiKeyConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.api-keys";
    /** The default header. */
    String DEFAULT_HEADER = "X-API-Key";

    /** @return the header holding the key */
    @Bindable(defaultValue = DEFAULT_HEADER)
    @NonNull
    String getHeader();
}
