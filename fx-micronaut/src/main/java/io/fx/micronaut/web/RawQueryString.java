package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

import java.util.Optional;

/**
 * Finds a request's query string as the client sent it, still percent-encoded: what the Deserialize step decodes
 * into the {@code filter}, {@code sort}, {@code include} and paging parameters
 * ({@link io.fx.micronaut.pipeline.RequestContext#getRawQuery()}). The default, {@link DefaultRawQueryString},
 * reads the request URI's. An adapter whose requests do not carry the client's query string replaces it
 * ({@code @Replaces(DefaultRawQueryString.class)}): API Gateway's HTTP API (payload 2.0) hands a function its
 * parameters comma-joined ({@code filter=name:in:a,b&filter=x} arrives as one value), and only the event's
 * {@code rawQueryString} tells them apart.
 *
 * @since 0.9.0
 */
@FunctionalInterface
public interface RawQueryString {

    /**
     * @param request a request as it arrived
     * @return its raw query string, without the {@code ?}; empty when it has none
     */
    @NonNull
    Optional<String> of(@NonNull HttpRequest<?> request);
}
