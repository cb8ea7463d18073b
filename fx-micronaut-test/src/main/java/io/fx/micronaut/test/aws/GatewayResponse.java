package io.fx.micronaut.test.aws;

import io.micronaut.core.annotation.NonNull;

import java.util.List;
import java.util.Map;

/**
 * A function's answer as API Gateway sends it to the client.
 *
 * @param status  the status
 * @param headers the headers, each name with its values
 * @param body    the body bytes (decoded when the function answered base64), empty when none
 * @since 0.9.0
 */
public record GatewayResponse(int status, @NonNull Map<String, List<String>> headers, @NonNull byte[] body) {
}
