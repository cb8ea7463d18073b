package io.fx.micronaut.web;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.DatabaseDeadlines;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.pipeline.Chain;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineExecutor;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.RequestContextBuilder;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;
import org.slf4j.MDC;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * What every route of the generated API, the custom actions and the sub-resources does around its pipeline:
 * the request id and service name in the logging context, the client's address and raw query string, the in-flight count the graceful shutdown waits
 * for, the route's body within its limit and its media type, the context with the data store and the model
 * accessors, the run under the request's database deadline, the headers and cookies the pipeline added,
 * and the answer written with its {@code X-Request-Id}.
 */
@Internal
@Singleton
final class ServeFrame {

    private final ClientAddressResolver clientAddresses;
    private final RawQueryString rawQueries;
    private final PipelineExecutor executor;
    private final ResponseWriter writer;
    private final FxLifecycle lifecycle;
    private final ClientConnection clientConnection;
    private final DatabaseDeadlines deadlines;
    private final DataStore dataStore;
    private final Models models;
    private final BodyMediaTypes mediaTypes;
    private final BodyLimits limits;
    private final BodyReadFailures failures;
    private final long serverMaxBody;
    private final String serviceName;

    ServeFrame(PipelineExecutor executor, ResponseWriter writer, FxLifecycle lifecycle, ClientConnection clientConnection,
               DatabaseDeadlines deadlines, DataStore dataStore, Models models, BodyMediaTypes mediaTypes,
               BodyLimits limits, BodyReadFailures failures, FxConfiguration configuration,
               Optional<HttpServerConfiguration> server, ClientAddressResolver clientAddresses,
               RawQueryString rawQueries) {
        this.clientAddresses = clientAddresses;
        this.rawQueries = rawQueries;
        this.executor = executor;
        this.writer = writer;
        this.lifecycle = lifecycle;
        this.clientConnection = clientConnection;
        this.deadlines = deadlines;
        this.dataStore = dataStore;
        this.models = models;
        this.mediaTypes = mediaTypes;
        this.limits = limits;
        this.failures = failures;
        this.serverMaxBody = server.map(HttpServerConfiguration::getMaxRequestSize).orElse(Long.MAX_VALUE);
        this.serviceName = configuration.getServiceName().orElse(null);
    }

    /**
     * Serves one request.
     *
     * @param request the request
     * @param handler answers it, given its request id
     * @return the HTTP answer
     */
    HttpResponse<?> serve(HttpRequest<?> request, Function<String, FxResponse> handler) {
        return framed(request, requestId -> writer.write(handler.apply(requestId), request.getMethod(), requestId));
    }

    /**
     * Runs work in the frame of a request: its id in the log's context, and counted as in flight, so graceful
     * shutdown waits for it.
     *
     * @param request the request
     * @param work    answers it, given its request id
     * @param <T>     the answer's type
     * @return the answer
     */
    <T> T framed(HttpRequest<?> request, Function<String, T> work) {
        String requestId = RequestIds.of(request);
        MDC.put("request_id", requestId);
        if (serviceName != null) {
            MDC.put("service", serviceName);
        }
        lifecycle.requestStarted();
        try {
            return work.apply(requestId);
        } finally {
            lifecycle.requestFinished();
            MDC.remove("request_id");
            MDC.remove("service");
        }
    }

    /**
     * @param operation the operation
     * @param request   the request
     * @param requestId its id
     * @return a builder of its context, with the data store, the model accessors and the client's state
     */
    RequestContextBuilder context(Operation operation, HttpRequest<?> request, String requestId) {
        return RequestContext.builder(operation).requestId(requestId).request(request).dataStore(dataStore)
            .models(models).clientClosed(() -> clientConnection.isClosed(request))
            .clientAddress(() -> clientAddresses.resolve(request)).rawQuery(() -> rawQueries.of(request));
    }

    /**
     * @param request   the request
     * @param route     what it was routed to
     * @param requestId its id
     * @return its body, unread, within the route's limit
     */
    ServedBody body(HttpRequest<?> request, RouteTarget route, String requestId) {
        return ServedBody.of(request, limits.of(route, request), failure -> failures.translate(failure, requestId));
    }

    /**
     * What is refused before the pipeline runs, as Micronaut refused it before the route ran: a body over the
     * server's own {@code max-request-size}, or one the server failed to read ahead; then the body's media type,
     * checked when one is sent and on every POST, PUT and PATCH. (A body over the route's limit is refused
     * when it is read, after the Auth step.)
     *
     * @param request   the request
     * @param body      its body
     * @param requestId its id
     * @return the refusal, or null when the pipeline may run
     */
    @Nullable
    FxException refusal(HttpRequest<?> request, ServedBody body, String requestId) {
        Throwable failed = body.failedAhead();
        if (failed != null) {
            return failures.translate(failed, requestId);
        }
        OptionalLong declared = body.declaredLength();
        if (declared.isPresent() && declared.getAsLong() > serverMaxBody) {
            return BodyReadFailures.overServerLimit();
        }
        boolean writes = switch (request.getMethod()) {
            case POST, PUT, PATCH -> true;
            default -> false;
        };
        return writes || !body.isEmpty() ? mediaTypes.refusal(request, body) : null;
    }

    /**
     * Runs a context's pipeline under the request's database deadline, cancelled when the client leaves.
     *
     * @param context the context
     * @param request its request
     * @param chain   the chain to run, or null for the model's compiled chain of the context's operation
     * @return the answer, with the headers and cookies the pipeline added
     */
    FxResponse run(RequestContext context, HttpRequest<?> request, @Nullable Chain chain) {
        try {
            FxResponse response = RequestDeadlines.run(deadlines, clientConnection, request,
                () -> chain == null ? executor.execute(context) : executor.execute(context, chain));
            return ContextAdditions.apply(response, context);
        } finally {
            if (context.payload().getRequestBody() instanceof ServedBody served) {
                served.release();
            }
        }
    }

    /**
     * @param e         a refusal
     * @param requestId the request id
     * @return its error envelope
     */
    static FxResponse error(FxException e, String requestId) {
        return PipelineExecutor.error(e, requestId);
    }

    /**
     * @param request a request
     * @return the route Micronaut matched it to, or null
     */
    @Nullable
    static UriRouteMatch<?, ?> routeMatch(HttpRequest<?> request) {
        return RouteAttributes.getRouteMatch(request).filter(UriRouteMatch.class::isInstance)
            .map(m -> (UriRouteMatch<?, ?>) m).orElse(null);
    }
}
