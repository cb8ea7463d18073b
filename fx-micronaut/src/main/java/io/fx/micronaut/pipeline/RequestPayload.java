package io.fx.micronaut.pipeline;

import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Map;
import java.util.Optional;

/**
 * What the steps pass along: the raw body and the write body parsed from it, the parsed query, and the
 * {@link OperationResult result} the DB step produced. Middleware may change the body and the result.
 *
 * @since 0.7.0
 */
public final class RequestPayload {

    private byte[] rawBody;
    private Map<String, Object> body;
    private ListQuery query;
    private OperationResult result;

    RequestPayload(byte[] rawBody) {
        this.rawBody = rawBody;
    }

    /** @return the raw request body, or null when none was sent */
    @Nullable
    public byte[] getRawBody() {
        return rawBody;
    }

    /** @param rawBody the raw request body */
    public void setRawBody(@Nullable byte[] rawBody) {
        this.rawBody = rawBody;
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
