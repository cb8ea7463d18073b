package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;

import java.util.OptionalLong;

/**
 * Decides how large a route's request body may be, before a byte of it is read. Beans are asked in their
 * {@code @Order}; the first that answers sets the limit, and when none does it is {@code fx.max-body-size}
 * (4 MiB by default). A body whose {@code Content-Length} is over the limit is answered 413
 * {@code BODY_TOO_LARGE} without being read; one sent without a length is refused when its byte
 * {@code limit + 1} arrives; exactly the limit passes. The server's own {@code micronaut.server.max-request-size}
 * (10 MiB by default) still caps every body: raise it for a route that takes more.
 *
 * <pre>{@code
 * @Singleton
 * class UploadLimit implements BodySizeLimit {
 *     public OptionalLong maxBodySize(RouteTarget route) {
 *         return route.findAction().filter(a -> a.path().equals("/uploads"))
 *             .map(a -> OptionalLong.of(8 * 1024 * 1024)).orElse(OptionalLong.empty());
 *     }
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface BodySizeLimit {

    /**
     * @param route what the request was routed to
     * @return the route's limit in bytes, or empty to leave it to the next bean (and at last to
     *     {@code fx.max-body-size})
     */
    @NonNull
    OptionalLong maxBodySize(@NonNull RouteTarget route);

    /**
     * The limit of a route for a body of one media type: a module that streams bodies of its own type (a file
     * upload's {@code multipart/form-data}) gives them a larger limit than JSON's without letting a JSON body to
     * the same route grow past {@code fx.max-body-size}.
     *
     * @param route       what the request was routed to
     * @param contentType the body's parsed {@code Content-Type}, or null when it has none or it does not parse
     * @return the limit, or empty to leave it to the next bean; {@link #maxBodySize(RouteTarget)} by default
     * @since 0.9.0
     */
    @NonNull
    default OptionalLong maxBodySize(@NonNull RouteTarget route, @Nullable MediaType contentType) {
        return maxBodySize(route);
    }
}
