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

    /**
     * Runs a callback once when the client of a request closes its connection, so the request's
     * database work can be cancelled at once rather than when it next checks. The callback may run on
     * an event loop and must not block. By default nothing is watched.
     *
     * @param request  the request
     * @param callback what to run; at once when the connection is already closed
     * @return stops watching; run it when the request is done
     * @since 0.3.0
     */
    @NonNull
    default Runnable onClose(@NonNull HttpRequest<?> request, @NonNull Runnable callback) {
        return () -> { };
    }
}
