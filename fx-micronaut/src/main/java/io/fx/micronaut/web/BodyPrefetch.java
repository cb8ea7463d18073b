package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.body.AvailableByteBody;
import io.micronaut.http.body.ByteBody;
import io.micronaut.http.body.CloseableAvailableByteBody;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * Reads a buffered body (JSON: {@link BodyMediaType#buffered}) that is still arriving when its route is about
 * to run, without a thread waiting for it: the {@link GatedPipelineExecutor} holds the route until it is in,
 * as Micronaut does for a {@code @Body} argument, so a slow client never holds a blocking thread. It reads no
 * further than the route's limit, and nothing of a body whose declared length is over it (the route refuses
 * that one unread). A body that came with its headers, the common case, is left as it is: there is nothing
 * to wait for.
 */
@Internal
@Singleton
final class BodyPrefetch {

    /** The request attribute holding the body read ahead. */
    private static final String ATTRIBUTE = "io.fx.micronaut.web.body-prefetch";

    private final List<BodyRoutes> routes;
    private final BodyLimits limits;
    private final BodyMediaTypes mediaTypes;

    BodyPrefetch(List<BodyRoutes> routes, BodyLimits limits, BodyMediaTypes mediaTypes) {
        this.routes = List.copyOf(routes);
        this.limits = limits;
        this.mediaTypes = mediaTypes;
    }

    /**
     * Starts reading the request's body, when its route reads a buffered one that has not arrived yet.
     *
     * @param request the routed request, on its event loop
     * @return the read, which the route waits for; null when there is nothing to wait for
     */
    @Nullable
    CompletableFuture<?> start(HttpRequest<?> request) {
        ByteBody body = ServedBody.byteBody(request);
        if (body == null || body instanceof AvailableByteBody || !mediaTypes.buffered(request)) {
            return null;
        }
        RouteTarget target = target(request);
        if (target == null) {
            return null;
        }
        long limit = limits.of(target, request);
        OptionalLong declared = body.expectedLength();
        CompletableFuture<byte[]> read;
        if (declared.isPresent()) {
            if (declared.getAsLong() > limit) {
                return null;
            }
            read = body.buffer().thenApply(BodyPrefetch::bytes);
        } else {
            BoundedBodySubscriber subscriber = new BoundedBodySubscriber(limit);
            body.toByteArrayPublisher().subscribe(subscriber);
            read = subscriber.result();
        }
        request.setAttribute(ATTRIBUTE, read);
        return read;
    }

    /**
     * @param request a request
     * @return the body read ahead for it, complete by the time its pipeline runs; null when none was
     */
    @Nullable
    @SuppressWarnings("unchecked")
    static CompletableFuture<byte[]> find(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, CompletableFuture.class).orElse(null);
    }

    private RouteTarget target(HttpRequest<?> request) {
        for (BodyRoutes candidate : routes) {
            RouteTarget target = candidate.bodyTarget(request);
            if (target != null) {
                return target;
            }
        }
        return null;
    }

    private static byte[] bytes(CloseableAvailableByteBody whole) {
        try (whole) {
            return whole.toByteArray();
        }
    }
}
