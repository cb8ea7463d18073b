package io.fx.micronaut.limits.internal;

import io.fx.micronaut.web.ResponseBodyEncoder;
import io.fx.micronaut.limits.IdempotentResponse;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.ResponseContent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a first 2xx answer into the bytes that are stored, sending those same bytes (so the first answer and its
 * replays are byte-identical), and a stored answer back into a response.
 */
final class IdempotencyResponses {

    /** The header a replay carries. */
    static final String REPLAYED = "Idempotent-Replayed";
    private static final String LOCATION = "Location";
    private static final String JSON = "application/json";
    private static final byte[] NO_BODY = new byte[0];

    private final ResponseBodyEncoder json;

    IdempotencyResponses(ResponseBodyEncoder json) {
        this.json = json;
    }

    /**
     * @param context  the request, whose answer is replaced by its serialised form when it has a JSON body
     * @param response its 2xx answer
     * @return what to store; null when the answer cannot be kept (a streamed body, a body that cannot be written)
     */
    IdempotentResponse capture(RequestContext context, FxResponse response) {
        String location = header(response.headers(), LOCATION);
        if (location == null) {
            location = header(context.response().getHeaders(), LOCATION);
        }
        ResponseContent content = response.content();
        if (content instanceof ResponseContent.StreamContent) {
            return null;
        }
        if (content instanceof ResponseContent.BytesContent bytes) {
            return new IdempotentResponse(response.status(), location, bytes.contentType(), bytes.bytes());
        }
        if (response.body() == null) {
            return new IdempotentResponse(response.status(), location, null, NO_BODY);
        }
        byte[] body;
        try {
            body = json.encode(response.body());
        } catch (RuntimeException e) {
            // left as it is: the web layer answers its 500 and nothing is kept
            return null;
        }
        context.response().set(new FxResponse(response.status(), null, response.headers(), response.cookies(),
            new ResponseContent.BytesContent(JSON, body)));
        return new IdempotentResponse(response.status(), location, JSON, body);
    }

    /**
     * @param stored a stored answer
     * @return it as a response, marked {@code Idempotent-Replayed: true}
     */
    FxResponse replay(IdempotentResponse stored) {
        Map<String, String> headers = new LinkedHashMap<>(4);
        if (stored.location() != null) {
            headers.put(LOCATION, stored.location());
        }
        headers.put(REPLAYED, "true");
        ResponseContent content = stored.contentType() == null ? null
            : new ResponseContent.BytesContent(stored.contentType(), stored.body());
        return new FxResponse(stored.status(), null, headers, List.of(), content);
    }

    private static String header(Map<String, String> headers, String name) {
        for (Map.Entry<String, String> header : headers.entrySet()) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return header.getValue();
            }
        }
        return null;
    }
}
