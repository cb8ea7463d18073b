package io.fx.micronaut.db;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;

/**
 * Starts the per-request database deadline ({@code fx.query-timeout}) of the current thread. The
 * generic controller and custom actions start one for every request and cancel it when the client
 * disconnects; code that serves requests some other way (another controller calling the
 * {@link DataStore}) may do the same.
 *
 * @since 0.3.0
 */
public interface DatabaseDeadlines {

    /**
     * Starts the configured deadline ({@code fx.query-timeout}) for the current thread.
     *
     * @return the deadline; close it when the request is done
     */
    @NonNull
    DatabaseDeadline start();

    /**
     * Starts a deadline for the current thread. When the thread already has one, the returned handle
     * cancels that one and closing it changes nothing: the outer deadline stays in force.
     *
     * @param budget how long the thread's database work may take from now; zero or negative for no limit
     * @return the deadline; close it when the work is done
     */
    @NonNull
    DatabaseDeadline start(@NonNull Duration budget);
}
