package io.fx.micronaut.pipeline;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Per-request state shared by the steps and middleware of one request. Not thread-safe: a request is
 * processed by one thread at a time.
 *
 * @since 0.1.0
 */
public final class RequestContext {

    private final String requestId;
    private final HttpRequest<?> request;
    private final Operation operation;
    private final ModelDescriptor model;
    private final String recordId;
    private final DataStore dataStore;
    private final BooleanSupplier clientClosed;
    private final Map<String, String> responseHeaders = new LinkedHashMap<>();
    private Map<String, Object> attributes;
    private AuthInfo principal;
    private ListQuery query;
    private byte[] rawBody;
    private Map<String, Object> body;
    private Object result;
    private FxResponse response;
    private boolean aborted;

    /**
     * @param requestId the request id ({@code X-Request-Id})
     * @param request   the HTTP request, or null for background work
     * @param operation the operation
     * @param model     the model
     * @param recordId  the record id from the path, or null
     * @param dataStore the data store
     */
    public RequestContext(@NonNull String requestId, @Nullable HttpRequest<?> request, @NonNull Operation operation,
                          @NonNull ModelDescriptor model, @Nullable String recordId, @NonNull DataStore dataStore) {
        this(requestId, request, operation, model, recordId, dataStore, () -> false);
    }

    /**
     * @param requestId    the request id ({@code X-Request-Id})
     * @param request      the HTTP request, or null for background work
     * @param operation    the operation
     * @param model        the model
     * @param recordId     the record id from the path, or null
     * @param dataStore    the data store
     * @param clientClosed tells whether the client has gone away
     */
    public RequestContext(@NonNull String requestId, @Nullable HttpRequest<?> request, @NonNull Operation operation,
                          @NonNull ModelDescriptor model, @Nullable String recordId, @NonNull DataStore dataStore,
                          @NonNull BooleanSupplier clientClosed) {
        this.clientClosed = clientClosed;
        this.requestId = requestId;
        this.request = request;
        this.operation = operation;
        this.model = model;
        this.recordId = recordId;
        this.dataStore = dataStore;
    }

    /** @return the request id */
    @NonNull
    public String getRequestId() {
        return requestId;
    }

    /** @return the HTTP request, absent for background work */
    @NonNull
    public Optional<HttpRequest<?>> getRequest() {
        return Optional.ofNullable(request);
    }

    /** @return the operation */
    @NonNull
    public Operation getOperation() {
        return operation;
    }

    /** @return the model */
    @NonNull
    public ModelDescriptor getModel() {
        return model;
    }

    /** @return the record id from the path, for single-record operations */
    @NonNull
    public Optional<String> getRecordId() {
        return Optional.ofNullable(recordId);
    }

    /** @return the data store, which joins the active transaction when there is one */
    @NonNull
    public DataStore getDataStore() {
        return dataStore;
    }

    /** @return whether the client has closed the connection; writes are then rolled back */
    public boolean isClientClosed() {
        return clientClosed.getAsBoolean();
    }

    /** @return whether a database transaction is active for this request */
    public boolean isInTransaction() {
        return dataStore.inTransaction();
    }

    /** @return the principal, absent for anonymous callers */
    @NonNull
    public Optional<AuthInfo> getPrincipal() {
        return Optional.ofNullable(principal);
    }

    /** @param principal the principal, or null for anonymous */
    public void setPrincipal(@Nullable AuthInfo principal) {
        this.principal = principal;
    }

    /** @return the parsed list query (set by the Deserialize step on every operation) */
    @Nullable
    public ListQuery getQuery() {
        return query;
    }

    /** @param query the parsed query */
    public void setQuery(@Nullable ListQuery query) {
        this.query = query;
    }

    /** @return the raw request body, or null */
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
     * writable fields. Middleware may change it.
     *
     * @return the body, or null
     */
    @Nullable
    public Map<String, Object> getBody() {
        return body;
    }

    /** @param body the body */
    public void setBody(@Nullable Map<String, Object> body) {
        this.body = body;
    }

    /**
     * The DB step's result: a record map for read, create and update, a {@link io.fx.micronaut.db.Page}
     * for list, {@code Boolean.TRUE} for delete.
     *
     * @return the result, or null
     */
    @Nullable
    public Object getResult() {
        return result;
    }

    /** @param result the result */
    public void setResult(@Nullable Object result) {
        this.result = result;
    }

    /** @return the response built so far, or null */
    @Nullable
    public FxResponse getResponse() {
        return response;
    }

    /** @param response the response */
    public void setResponse(@Nullable FxResponse response) {
        this.response = response;
    }

    /**
     * Stops the request with an error envelope. Return without calling {@code next} afterwards.
     *
     * @param status  the HTTP status
     * @param code    the error code
     * @param message the message
     */
    public void abort(int status, @NonNull String code, @NonNull String message) {
        abort(status, code, message, null);
    }

    /**
     * Stops the request with an error envelope carrying details.
     *
     * @param status  the HTTP status
     * @param code    the error code
     * @param message the message
     * @param details the details, or null
     */
    public void abort(int status, @NonNull String code, @NonNull String message, @Nullable Object details) {
        this.aborted = true;
        this.response = FxResponse.of(status, ErrorEnvelope.of(code, message, details));
    }

    /** @return whether a middleware aborted the request */
    public boolean isAborted() {
        return aborted;
    }

    /** @return headers to add to the response; mutable */
    @NonNull
    public Map<String, String> getResponseHeaders() {
        return responseHeaders;
    }

    /**
     * @param name an attribute name
     * @return the attribute, if set
     */
    @NonNull
    public Optional<Object> getAttribute(@NonNull String name) {
        return attributes == null ? Optional.empty() : Optional.ofNullable(attributes.get(name));
    }

    /**
     * Sets a request-scoped attribute, for middleware to pass markers to later middleware.
     *
     * @param name  the name
     * @param value the value, or null to remove
     */
    public void setAttribute(@NonNull String name, @Nullable Object value) {
        if (attributes == null) {
            attributes = new HashMap<>();
        }
        if (value == null) {
            attributes.remove(name);
        } else {
            attributes.put(name, value);
        }
    }
}
