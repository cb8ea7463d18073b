package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The request as it arrived: the HTTP request (absent for background work), the values of a custom
 * action's path parameters, and whether the client is still there. Read-only.
 *
 * @since 0.7.0
 */
public final class RequestView {

    private final HttpRequest<?> request;
    private final Map<String, String> pathParameters;
    private final BooleanSupplier clientClosed;

    RequestView(HttpRequest<?> request, Map<String, String> pathParameters, BooleanSupplier clientClosed) {
        this.request = request;
        this.pathParameters = Map.copyOf(pathParameters);
        this.clientClosed = clientClosed;
    }

    /** @return the HTTP request, absent for background work and contexts built without one */
    @NonNull
    public Optional<HttpRequest<?>> getHttpRequest() {
        return Optional.ofNullable(request);
    }

    /**
     * @param name a header name (any case)
     * @return the header's first value
     */
    @NonNull
    public Optional<String> getHeader(@NonNull String name) {
        return request == null ? Optional.empty() : Optional.ofNullable(request.getHeaders().get(name));
    }

    /**
     * @param name a {@code {name}} parameter of a custom action's path
     * @return its value in this request
     */
    @NonNull
    public Optional<String> getPathParameter(@NonNull String name) {
        return Optional.ofNullable(pathParameters.get(name));
    }

    /** @return every path parameter of a custom action; empty for generated operations */
    @NonNull
    public Map<String, String> getPathParameters() {
        return pathParameters;
    }

    /** @return whether the client has closed the connection; writes are then rolled back */
    public boolean isClientClosed() {
        return clientClosed.getAsBoolean();
    }
}
