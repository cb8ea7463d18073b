package io.fx.micronaut.web;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;

/** A controller whose routes read request bodies: it names the target of a request routed to it. */
@Internal
interface BodyRoutes {

    /**
     * @param request a request, routed
     * @return the target of a route of this controller that reads the request's body; null for any other
     */
    @Nullable
    RouteTarget bodyTarget(@NonNull HttpRequest<?> request);
}
