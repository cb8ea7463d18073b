package io.fx.micronaut.test;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * How an {@link FxClient} reaches the application: over a socket to the embedded server (the default), or through
 * another entry point that answers HTTP exchanges (a serverless function's handler, in process). One exchange per
 * call; an implementation never throws on an error status.
 *
 * @since 0.9.0
 */
@FunctionalInterface
public interface FxTransport {

    /**
     * @param method  the HTTP method
     * @param path    the path and query string, percent-encoded, e.g. {@code /api/posts?sort=-created_at}
     * @param headers the request headers (a name may repeat through the list of values)
     * @param body    the request body, or null for none
     * @return the response
     */
    @NonNull
    Response exchange(@NonNull String method, @NonNull String path, @NonNull Map<String, List<String>> headers,
                      @Nullable byte[] body);

    /**
     * A response as it arrived.
     *
     * @param status  the status code
     * @param headers the headers, each name with its values in order
     * @param body    the body as text (empty for none)
     * @since 0.9.0
     */
    record Response(int status, @NonNull Map<String, List<String>> headers, @NonNull String body) {
    }
}
