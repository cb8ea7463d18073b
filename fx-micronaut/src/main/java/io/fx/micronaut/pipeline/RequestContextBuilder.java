package io.fx.micronaut.pipeline;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Builds a {@link RequestContext}: the controllers build one per request, and a unit test of a middleware,
 * listener or scope resolver builds one without a server. Only the operation is required; a context built
 * without a data store or model accessors refuses the calls that need them.
 *
 * <pre>{@code
 * RequestContext context = RequestContext.builder(Operation.CREATE).model(post)
 *     .principal(AuthInfo.of("alice", "editor")).build();
 * middleware.handle(context, () -> { });
 * assertTrue(context.response().isAborted());
 * }</pre>
 *
 * @since 0.7.0
 */
public final class RequestContextBuilder {

    private final Operation operation;
    private String requestId;
    private ModelDescriptor model;
    private String recordId;
    private ActionDescriptor action;
    private SubResource subResource;
    private DataStore dataStore;
    private Models models;
    private AuthInfo principal;
    private HttpRequest<?> request;
    private Map<String, String> pathParameters = Map.of();
    private BooleanSupplier clientClosed = () -> false;
    private Supplier<Optional<String>> clientAddress = Optional::empty;
    private Supplier<Optional<String>> rawQuery;
    private RequestBody body = RequestBody.of(null);

    RequestContextBuilder(Operation operation) {
        this.operation = Objects.requireNonNull(operation, "operation");
    }

    /**
     * @param value the request id ({@code X-Request-Id}); a random UUID when not set
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder requestId(@NonNull String value) {
        this.requestId = value;
        return this;
    }

    /**
     * @param value the model; none for a custom action
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder model(@Nullable ModelDescriptor value) {
        this.model = value;
        return this;
    }

    /**
     * @param value the record id from the path, for single-record operations
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder recordId(@Nullable String value) {
        this.recordId = value;
        return this;
    }

    /**
     * @param value the custom action served
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder action(@Nullable ActionDescriptor value) {
        this.action = value;
        return this;
    }

    /**
     * @param value the sub-resource read
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder subResource(@Nullable SubResource value) {
        this.subResource = value;
        return this;
    }

    /**
     * @param value the data store the DB step, the stored record and the transaction use
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder dataStore(@Nullable DataStore value) {
        this.dataStore = value;
        return this;
    }

    /**
     * @param value the model accessors ({@link RequestContext#getModels()} binds them to the context)
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder models(@Nullable Models value) {
        this.models = value;
        return this;
    }

    /**
     * @param value the principal; none for an anonymous caller
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder principal(@Nullable AuthInfo value) {
        this.principal = value;
        return this;
    }

    /**
     * @param value the HTTP request
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder request(@Nullable HttpRequest<?> value) {
        this.request = value;
        return this;
    }

    /**
     * @param value the values of a custom action's path parameters
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder pathParameters(@NonNull Map<String, String> value) {
        this.pathParameters = Map.copyOf(value);
        return this;
    }

    /**
     * @param value finds the client's address when it is first asked for (see {@link RequestContext#getClientAddress()});
     *              none by default
     * @return this builder
     * @since 0.7.0
     */
    @NonNull
    public RequestContextBuilder clientAddress(@NonNull Supplier<Optional<String>> value) {
        this.clientAddress = Objects.requireNonNull(value, "clientAddress");
        return this;
    }

    /**
     * @param value finds the request's raw (still percent-encoded) query string when it is first asked for (see
     *              {@link RequestContext#getRawQuery()}); by default the request URI's
     * @return this builder
     * @since 0.9.0
     */
    @NonNull
    public RequestContextBuilder rawQuery(@NonNull Supplier<Optional<String>> value) {
        this.rawQuery = Objects.requireNonNull(value, "rawQuery");
        return this;
    }

    /**
     * @param value tells whether the client has gone away; never by default
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder clientClosed(@NonNull BooleanSupplier value) {
        this.clientClosed = Objects.requireNonNull(value, "clientClosed");
        return this;
    }

    /**
     * @param value the raw request body
     * @return this builder
     */
    @NonNull
    public RequestContextBuilder rawBody(@Nullable byte[] value) {
        this.body = RequestBody.of(value);
        return this;
    }

    /**
     * @param value the request body, as the server hands it to the route (or a test's)
     * @return this builder
     * @since 0.7.0
     */
    @NonNull
    public RequestContextBuilder body(@NonNull RequestBody value) {
        this.body = Objects.requireNonNull(value, "body");
        return this;
    }

    /** @return the context */
    @NonNull
    public RequestContext build() {
        if (requestId == null) {
            requestId = UUID.randomUUID().toString();
        }
        return new RequestContext(this);
    }

    String requestId() {
        return requestId;
    }

    Operation operation() {
        return operation;
    }

    ModelDescriptor model() {
        return model;
    }

    String recordId() {
        return recordId;
    }

    ActionDescriptor action() {
        return action;
    }

    SubResource subResource() {
        return subResource;
    }

    DataStore dataStore() {
        return dataStore;
    }

    Models models() {
        return models;
    }

    AuthInfo principal() {
        return principal;
    }

    HttpRequest<?> request() {
        return request;
    }

    Map<String, String> pathParameters() {
        return pathParameters;
    }

    BooleanSupplier clientClosed() {
        return clientClosed;
    }

    Supplier<Optional<String>> clientAddress() {
        return clientAddress;
    }

    /** @return the raw query's source: the one set, else the request URI's */
    Supplier<Optional<String>> rawQuery() {
        if (rawQuery != null) {
            return rawQuery;
        }
        HttpRequest<?> http = request;
        return () -> http == null ? Optional.empty() : Optional.ofNullable(http.getUri().getRawQuery());
    }

    RequestBody body() {
        return body;
    }
}
