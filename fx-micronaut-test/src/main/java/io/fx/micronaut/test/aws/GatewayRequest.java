package io.fx.micronaut.test.aws;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * An HTTP request as it reaches API Gateway.
 *
 * @param method    the method
 * @param path      the path, without the query
 * @param rawQuery  the query string as sent, still percent-encoded, without {@code ?}; null when none
 * @param headers   the headers, each name with its values in order
 * @param body      the body, empty when none
 * @param sourceIp  the client's address
 * @param requestId API Gateway's request id
 * @since 0.9.0
 */
public record GatewayRequest(@NonNull String method, @NonNull String path, @Nullable String rawQuery,
                             @NonNull Map<String, List<String>> headers, @NonNull byte[] body,
                             @NonNull String sourceIp, @NonNull String requestId) {
}
