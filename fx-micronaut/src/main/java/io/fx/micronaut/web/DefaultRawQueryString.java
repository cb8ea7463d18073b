package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.Optional;

/**
 * The default {@link RawQueryString}: the raw query of the request URI ({@code getUri().getRawQuery()}), which is
 * the client's own under an HTTP server. A {@code @Replaces} target.
 *
 * @since 0.9.0
 */
@Singleton
public class DefaultRawQueryString implements RawQueryString {

    @Override
    @NonNull
    public Optional<String> of(@NonNull HttpRequest<?> request) {
        return Optional.ofNullable(request.getUri().getRawQuery());
    }
}
