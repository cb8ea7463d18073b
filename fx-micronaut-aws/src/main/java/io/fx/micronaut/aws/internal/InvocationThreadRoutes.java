package io.fx.micronaut.aws.internal;

import io.fx.micronaut.web.CallerThreadRoutes;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.function.aws.proxy.ApiGatewayServletRequest;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpRequestWrapper;
import jakarta.inject.Singleton;

/**
 * Runs the routes of API Gateway events (payloads 1.0 and 2.0) on the invocation's thread: the Lambda runtime hands
 * the function one event at a time and waits for its answer, so handing the route to the blocking executor would
 * only wake a second thread while the first sleeps. Requests of any other kind (an HTTP server in the same
 * application) keep the blocking executor.
 */
@Internal
@Singleton
final class InvocationThreadRoutes implements CallerThreadRoutes {

    @Override
    public boolean runOnCaller(@NonNull HttpRequest<?> request) {
        HttpRequest<?> current = request;
        while (current instanceof HttpRequestWrapper<?> wrapper) {
            current = wrapper.getDelegate();
        }
        return current instanceof ApiGatewayServletRequest<?, ?, ?>;
    }
}
