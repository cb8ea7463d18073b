package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

/**
 * Tells whether the client of a request has gone away. The framework checks it before committing a
 * write, so a client that disconnects mid-request has its write rolled back and is logged as 499.
 * The Netty implementation is used when the Netty server is present; elsewhere clients count as connected.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ClientConnection {

    /**
     * @param request the request
     * @return whether its client has closed the connection
     */
    boolean isClosed(@NonNull HttpRequest<?> request);
}
