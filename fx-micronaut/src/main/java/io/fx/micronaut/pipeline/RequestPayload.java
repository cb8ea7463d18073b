package io.fx.micronaut.pipeline;

import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;
import java.util.Optional;

/**
 * What the steps pass along: the request body ({@link #getRequestBody()}, read whole or as a stream) and the
 * write body parsed from it, the parsed query, and the {@link OperationResult result} the DB step produced.
 * Middleware may change the body and the result.
 *
 * @since 0.7.0
 */
public final class RequestPayload {

    private RequestBody requestBody;
    private Map<String, Object> body;
    private ListQuery query;
    private OperationResult result;

    RequestPayload(RequestBody requestBody) {
        this.requestBody = requestBody;
    }

    /**
     * The body as it arrives, within the route's size limit: read it whole or as a stream, once.
     *
     * @return the request body; an empty one when none was sent
     * @since 0.7.0
     */
    @NonNull
    public RequestBody getRequestBody() {
        return requestBody;
    }

    /**
     * The whole raw body ({@link RequestBody#bytes()}): read on the first call, within the route's size limit.
     *
     * @return the raw request body, or null when none (or an empty one) was sent
     * @throws io.fx.micronaut.exception.FxException {@code BODY_TOO_LARGE} when it is over the route's limit
     */
    @Nullable
    public byte[] getRawBody() {
        byte[] raw = requestBody.bytes();
        return raw.length == 0 ? null : raw;
    }

    /** @param rawBody the raw request body, replacing the one sent */
    public void setRawBody(@Nullable byte[] rawBody) {
        this.requestBody = RequestBody.of(rawBody);
    }

    /**
     * The write body: after Deserialize the parsed JSON object, after Validate the cast values of the
     * writable fields.
     *
     * @return the body, or null before Deserialize and for operations without one
     */
    @Nullable
    public Map<String, Object> getBody() {
        return body;
    }

    /** @param body the body */
    public void setBody(@Nullable Map<String, Object> body) {
        this.body = body;
    }

    /** @return the parsed list query (set by the Deserialize step on every generated operation), or null */
    @Nullable
    public ListQuery getQuery() {
        return query;
    }

    /** @param query the parsed query */
    public void setQuery(@Nullable ListQuery query) {
        this.query = query;
    }

    /** @return the DB step's (or a custom action handler's) result, once there is one */
    @NonNull
    public Optional<OperationResult> getResult() {
        return Optional.ofNullable(result);
    }

    /** @param result the result, which the Response step renders */
    public void setResult(@Nullable OperationResult result) {
        this.result = result;
    }
}
