package io.fx.micronaut.web;

import io.fx.micronaut.db.DatabaseDeadline;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.http.HttpRequest;

import java.util.function.Supplier;

/**
 * Runs a request's pipeline under its database deadline ({@code fx.query-timeout}), cancelled the
 * moment the client closes its connection.
 */
final class RequestDeadlines {

    private RequestDeadlines() {
    }

    /**
     * @param deadlines  the deadlines
     * @param connection tells when the client leaves
     * @param request    the request
     * @param pipeline   runs the request
     * @return the pipeline's response
     */
    static FxResponse run(DatabaseDeadlines deadlines, ClientConnection connection, HttpRequest<?> request,
                          Supplier<FxResponse> pipeline) {
        try (DatabaseDeadline deadline = deadlines.start()) {
            Runnable unwatch = connection.onClose(request, deadline::cancel);
            try {
                return pipeline.get();
            } finally {
                unwatch.run();
            }
        }
    }
}
