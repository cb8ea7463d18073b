package io.fx.micronaut.aws;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.micronaut.context.ApplicationContext;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * What the functions refuse before Micronaut sees an event, as the server refuses a request it cannot parse: an event
 * without an HTTP method is 400 {@code MALFORMED_REQUEST}, a body flagged base64 that does not decode is 400
 * {@code BODY_READ_ERROR}; each the error envelope with {@code X-Request-Id}. And the request id an event carries
 * when the client sent none: API Gateway's {@code requestContext.requestId}.
 *
 * @param status  the HTTP status
 * @param headers the response headers
 * @param body    the envelope
 */
record GatewayRefusal(int status, Map<String, String> headers, String body) {

    static final String REQUEST_ID = "X-Request-Id";

    /**
     * @param method   the event's HTTP method
     * @param body     its body
     * @param base64   whether the body is flagged base64
     * @param headers  its headers (any case)
     * @param gatewayId API Gateway's request id
     * @param context  the function's context, for its JSON mapper
     * @return the refusal of a malformed event, or null when the event may be served
     */
    @Nullable
    static GatewayRefusal of(@Nullable String method, @Nullable String body, boolean base64,
                             @Nullable Map<String, String> headers, @Nullable String gatewayId,
                             ApplicationContext context) {
        if (method == null || method.isBlank()) {
            return refuse(ErrorCode.MALFORMED_REQUEST, "The event carries no HTTP method", headers, gatewayId, context);
        }
        if (base64 && body != null) {
            try {
                Base64.getDecoder().decode(body);
            } catch (IllegalArgumentException e) {
                return refuse(ErrorCode.BODY_READ_ERROR, "The request body is not valid base64", headers, gatewayId,
                    context);
            }
        }
        return null;
    }

    private static GatewayRefusal refuse(ErrorCode code, String message, Map<String, String> headers,
                                         String gatewayId, ApplicationContext context) {
        String requestId = header(headers, REQUEST_ID);
        if (requestId == null || requestId.isBlank()) {
            requestId = gatewayId != null ? gatewayId : UUID.randomUUID().toString();
        }
        Map<String, String> answer = new LinkedHashMap<>();
        answer.put("Content-Type", "application/json");
        answer.put(REQUEST_ID, requestId);
        try {
            String envelope = context.getBean(JsonMapper.class)
                .writeValueAsString(ErrorEnvelope.of(code.name(), message, null));
            return new GatewayRefusal(code.status(), answer, envelope);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param headers a header map of an event, names in any case
     * @param name    a header name
     * @return the header's value, or null
     */
    @Nullable
    static String header(@Nullable Map<String, String> headers, String name) {
        if (headers == null) {
            return null;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> entry : headers.entrySet()) {
            if (entry.getKey() != null && entry.getKey().toLowerCase(Locale.ROOT).equals(lower)) {
                return entry.getValue();
            }
        }
        return null;
    }
}
