package io.fx.micronaut.pipeline;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Per-request state shared by the steps and middleware of one request, in typed parts with one role each:
 * what was routed and who asks (here); the request as it arrived ({@link #view()}); the body, query and result
 * ({@link #payload()}); the answer being built ({@link #response()}); the database transaction
 * ({@link #transaction()}); values for later middleware ({@link #attributes()}). One thread at a time.
 *
 * <p>It is the {@link StorageContext} of every storage call the request makes, so scopes and record listeners
 * see this request's principal. {@link #builder(Operation)} makes one without a server, for unit tests.</p>
 *
 * @since 0.1.0
 */
public final class RequestContext implements StorageContext {

    private final String requestId;
    private final Operation operation;
    private final ModelDescriptor model;
    private final String recordId;
    private final ActionDescriptor action;
    private final SubResource subResource;
    private final DataStore dataStore;
    private final Models models;
    private final RequestView view;
    private final RequestPayload payload;
    private final ResponseState response = new ResponseState();
    private final RequestAttributes attributes = new RequestAttributes();
    private TransactionCallbacks transaction;
    private AuthInfo principal;
    private Models boundModels;
    private Map<String, Object> storedRecord;
    private boolean storedRecordLoaded;
    private RecordChange change;
    private final Supplier<Optional<String>> clientAddressSource;
    private Optional<String> clientAddress;
    private final Supplier<Optional<String>> rawQuerySource;
    private Optional<String> rawQuery;

    RequestContext(RequestContextBuilder builder) {
        this.requestId = builder.requestId();
        this.operation = builder.operation();
        this.model = builder.model();
        this.recordId = builder.recordId();
        this.action = builder.action();
        this.subResource = builder.subResource();
        this.dataStore = builder.dataStore();
        this.models = builder.models();
        this.principal = builder.principal();
        this.view = new RequestView(builder.request(), builder.pathParameters(), builder.clientClosed());
        this.payload = new RequestPayload(builder.body());
        this.clientAddressSource = builder.clientAddress();
        this.rawQuerySource = builder.rawQuery();
    }

    /**
     * @param operation the operation the context serves
     * @return a builder of a context, for the controllers and for tests without a server (since 0.7.0)
     */
    @NonNull
    public static RequestContextBuilder builder(@NonNull Operation operation) {
        return new RequestContextBuilder(operation);
    }

    /** @return the request id ({@code X-Request-Id}) */
    @Override
    @NonNull
    public String getRequestId() {
        return requestId;
    }

    /** @return the operation */
    @NonNull
    public Operation getOperation() {
        return operation;
    }

    /** @return the model; a custom action has none ({@link #findModel()}): IllegalStateException */
    @NonNull
    public ModelDescriptor getModel() {
        if (model == null) {
            throw new IllegalStateException("A custom action's context has no model");
        }
        return model;
    }

    /** @return the model, absent for a custom action */
    @NonNull
    public Optional<ModelDescriptor> findModel() {
        return Optional.ofNullable(model);
    }

    /** @return the record id from the path, for single-record operations */
    @NonNull
    public Optional<String> getRecordId() {
        return Optional.ofNullable(recordId);
    }

    /** @return the custom action this request serves; absent for generated operations */
    @NonNull
    public Optional<ActionDescriptor> findAction() {
        return Optional.ofNullable(action);
    }

    /** @return the sub-resource the request reads ({@code GET /{collection}/{id}/{name}}), if it reads one */
    @NonNull
    public Optional<SubResource> findSubResource() {
        return Optional.ofNullable(subResource);
    }

    /** @return the principal, absent for anonymous callers */
    @Override
    @NonNull
    public Optional<AuthInfo> getPrincipal() {
        return Optional.ofNullable(principal);
    }

    /** @param principal the principal, or null for anonymous */
    public void setPrincipal(@Nullable AuthInfo principal) {
        this.principal = principal;
    }

    /** @return the request as it arrived: HTTP request, path parameters, client state */
    @NonNull
    public RequestView view() {
        return view;
    }

    /** @return the raw and parsed body, the query and the result */
    @NonNull
    public RequestPayload payload() {
        return payload;
    }

    /** @return the answer being built: the response, headers and cookies to add */
    @NonNull
    public ResponseState response() {
        return response;
    }

    /** @return the request's database transaction and its callbacks */
    @NonNull
    public TransactionCallbacks transaction() {
        if (transaction == null) {
            transaction = new TransactionCallbacks(dataStore, this);
        }
        return transaction;
    }

    /** @return typed values middleware leave for later middleware, resolvers and listeners */
    @NonNull
    public RequestAttributes attributes() {
        return attributes;
    }

    /**
     * Stops the request with an error envelope ({@link ResponseState#abort}); return without calling {@code next}.
     *
     * @param status the HTTP status
     * @param code the error code
     * @param message the message
     */
    public void abort(int status, @NonNull String code, @NonNull String message) {
        response.abort(status, code, message, null);
    }

    /**
     * The address of the client behind the request, as the {@code ClientAddressResolver} bean
     * ({@code io.fx.micronaut.web}) finds it: an IP address without a port, the connection's peer unless that is a
     * trusted proxy ({@code fx.client-ip.trusted-proxies}) naming the client in its forwarding header. Found once,
     * when first asked for.
     *
     * @return the client's IP address; empty for background work and contexts built without one
     * @since 0.7.0
     */
    @NonNull
    public Optional<String> getClientAddress() {
        if (clientAddress == null) {
            clientAddress = clientAddressSource.get();
        }
        return clientAddress;
    }

    /**
     * The request's query string as the client sent it, still percent-encoded: what the Deserialize step decodes
     * into parameters. The {@code RawQueryString} bean ({@code io.fx.micronaut.web}) finds it, by default in the
     * request URI; an adapter whose request parameters are not the client's (API Gateway's HTTP API comma-joins a
     * repeated parameter) supplies the original. Found once, when first asked for.
     *
     * @return the raw query string; empty when the request has none, and for background work
     * @since 0.9.0
     */
    @NonNull
    public Optional<String> getRawQuery() {
        if (rawQuery == null) {
            rawQuery = rawQuerySource.get().filter(query -> !query.isEmpty());
        }
        return rawQuery;
    }

    /** @return the HTTP request, absent for background work */
    @Override
    @NonNull
    public Optional<HttpRequest<?>> getRequest() {
        return view.getHttpRequest();
    }

    @Override
    @NonNull
    public <T> Optional<T> getAttribute(@NonNull AttributeKey<T> key) {
        return attributes.get(key);
    }

    /** @return whether the client has gone away: a write that owns its transaction then rolls back */
    @Override
    public boolean isCancelled() {
        return view.isClientClosed();
    }

    /** @return the data store, which joins the active transaction when there is one */
    @NonNull
    public DataStore getDataStore() {
        if (dataStore == null) {
            throw new IllegalStateException("This request context was built without a data store");
        }
        return dataStore;
    }

    /**
     * @return model accessors, raw SQL and row locks, joining the active transaction, for this request: the
     *     validation and query language of HTTP without the Auth step; its principal's scopes hold
     */
    @NonNull
    public Models getModels() {
        if (boundModels == null) {
            if (models == null) {
                throw new IllegalStateException("This request context was built without model accessors");
            }
            boundModels = models.as(this);
        }
        return boundModels;
    }

    /**
     * @return the record the request's id names as stored before this request writes it, absent when none is live
     *     in the caller's scope: read once on first use, so owner checks, policies and history share one read;
     *     after the DB step of an update or delete that read a pre-image under lock (see
     *     {@link io.fx.micronaut.db.RecordChange#getBefore()}), that pre-image; one that read none leaves what was
     *     read before it, or reads on first use after it
     */
    @NonNull
    public Optional<Map<String, Object>> getStoredRecord() {
        if (!storedRecordLoaded) {
            storedRecordLoaded = true;
            if (model != null && recordId != null && dataStore != null) {
                storedRecord = dataStore.read(this, model, recordId, List.of()).orElse(null);
            }
        }
        return Optional.ofNullable(storedRecord);
    }

    /** @param record the stored record (the DB step sets the pre-image it read under lock), or null for none */
    public void setStoredRecord(@Nullable Map<String, Object> record) {
        this.storedRecord = record;
        this.storedRecordLoaded = true;
    }

    /** @return the change the DB step made (update and delete), with the record before and after */
    @NonNull
    public Optional<RecordChange> getRecordChange() {
        return Optional.ofNullable(change);
    }

    /** @param change the change the DB step made */
    public void setRecordChange(@Nullable RecordChange change) {
        this.change = change;
    }
}
