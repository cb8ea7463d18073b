package io.fx.micronaut.pipeline;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.cookie.Cookie;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Per-request state shared by the steps and middleware of one request. Not thread-safe: a request is
 * processed by one thread at a time.
 *
 * <p>It is the {@link StorageContext} of every storage call the request makes: the DB step, the
 * {@link #getModels() model accessors} and {@link #getStoredRecord()} resolve scopes and run record
 * listeners for this request's principal.</p>
 *
 * @since 0.1.0
 */
public final class RequestContext implements StorageContext {

    private final String requestId;
    private final HttpRequest<?> request;
    private final Operation operation;
    private final ModelDescriptor model;
    private final String recordId;
    private final DataStore dataStore;
    private final BooleanSupplier clientClosed;
    private final Map<String, String> responseHeaders = new LinkedHashMap<>();
    private List<Cookie> responseCookies;
    private Map<String, Object> attributes;
    private AuthInfo principal;
    private ListQuery query;
    private byte[] rawBody;
    private Map<String, Object> body;
    private Object result;
    private FxResponse response;
    private boolean aborted;
    private Map<String, String> pathParameters = Map.of();
    private ActionDescriptor action;
    private Models models;
    private Models boundModels;
    private Map<String, Object> storedRecord;
    private boolean storedRecordLoaded;
    private RecordChange change;
    private SubResource subResource;

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
    @Override
    @NonNull
    public String getRequestId() {
        return requestId;
    }

    /** @return the HTTP request, absent for background work */
    @Override
    @NonNull
    public Optional<HttpRequest<?>> getRequest() {
        return Optional.ofNullable(request);
    }

    /**
     * @return the sub-resource the request reads ({@code GET /{collection}/{id}/{name}}), if it reads one
     * @since 0.3.0
     */
    @NonNull
    public Optional<SubResource> findSubResource() {
        return Optional.ofNullable(subResource);
    }

    /**
     * Marks the request as a read of a sub-resource; the controller calls it before the pipeline runs.
     *
     * @param value the sub-resource
     */
    @Internal
    public void setSubResource(@NonNull SubResource value) {
        this.subResource = value;
    }

    /** @return the operation */
    @NonNull
    public Operation getOperation() {
        return operation;
    }

    /**
     * @return the model
     * @throws IllegalStateException for a custom action, which has no model (see {@link #findModel()})
     */
    @NonNull
    public ModelDescriptor getModel() {
        if (model == null) {
            throw new IllegalStateException("A custom action's context has no model");
        }
        return model;
    }

    /**
     * @return the model, absent for a custom action
     * @since 0.2.0
     */
    @NonNull
    public Optional<ModelDescriptor> findModel() {
        return Optional.ofNullable(model);
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

    /**
     * @return {@link #isClientClosed()}: a write that owns its transaction rolls back when the client left
     * @since 0.3.0
     */
    @Override
    public boolean isCancelled() {
        return isClientClosed();
    }

    /** @return whether a database transaction is active for this request */
    public boolean isInTransaction() {
        return dataStore.inTransaction();
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
     * Sets a cookie on the answer, whatever it turns out to be (an error envelope too). Each cookie becomes
     * its own {@code Set-Cookie} header; a later cookie with the same name, path and domain replaces an
     * earlier one, so a middleware can set a cookie that a later step clears again.
     *
     * @param cookie the cookie
     * @since 0.5.0
     */
    public void addCookie(@NonNull Cookie cookie) {
        if (responseCookies == null) {
            responseCookies = new ArrayList<>(2);
        }
        responseCookies.removeIf(existing -> sameCookie(existing, cookie));
        responseCookies.add(cookie);
    }

    /**
     * @return the cookies {@link #addCookie added} so far, in order; unmodifiable
     * @since 0.5.0
     */
    @NonNull
    public List<Cookie> getResponseCookies() {
        return responseCookies == null ? List.of() : Collections.unmodifiableList(responseCookies);
    }

    private static boolean sameCookie(Cookie a, Cookie b) {
        return a.getName().equals(b.getName()) && Objects.equals(a.getPath(), b.getPath())
            && Objects.equals(a.getDomain(), b.getDomain());
    }

    /**
     * @param name an attribute name
     * @return the attribute, if set
     */
    @Override
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

    /**
     * Builds the context of a custom action: operation {@link Operation#ACTION}, no model.
     *
     * @param requestId      the request id
     * @param request        the HTTP request
     * @param pathParameters the values of the action path's {@code {name}} parameters
     * @param dataStore      the data store
     * @param clientClosed   tells whether the client has gone away
     * @return the context
     * @since 0.2.0
     */
    @NonNull
    public static RequestContext forAction(@NonNull String requestId, @NonNull HttpRequest<?> request,
                                           @NonNull Map<String, String> pathParameters, @NonNull DataStore dataStore,
                                           @NonNull BooleanSupplier clientClosed) {
        RequestContext context = new RequestContext(requestId, request, Operation.ACTION, null, null, dataStore,
            clientClosed);
        context.pathParameters = Map.copyOf(pathParameters);
        return context;
    }

    /**
     * Builds the context of a custom action that knows its action, so middleware can read its declared
     * access ({@link #findAction()}).
     *
     * @param requestId      the request id
     * @param request        the HTTP request
     * @param action         the action being served
     * @param pathParameters the values of the action path's {@code {name}} parameters
     * @param dataStore      the data store
     * @param clientClosed   tells whether the client has gone away
     * @return the context
     * @since 0.4.0
     */
    @NonNull
    public static RequestContext forAction(@NonNull String requestId, @NonNull HttpRequest<?> request,
                                           @NonNull ActionDescriptor action, @NonNull Map<String, String> pathParameters,
                                           @NonNull DataStore dataStore, @NonNull BooleanSupplier clientClosed) {
        RequestContext context = forAction(requestId, request, pathParameters, dataStore, clientClosed);
        context.action = action;
        return context;
    }

    /**
     * The custom action this request serves, for middleware that treat actions by their declared
     * access (for example admitting anonymous callers to a {@code PUBLIC} one).
     *
     * @return the action; absent for generated operations
     * @since 0.4.0
     */
    @NonNull
    public Optional<ActionDescriptor> findAction() {
        return Optional.ofNullable(action);
    }

    /**
     * @param name a {@code {name}} parameter of a custom action's path
     * @return its value in this request
     * @since 0.2.0
     */
    @NonNull
    public Optional<String> getPathParameter(@NonNull String name) {
        return Optional.ofNullable(pathParameters.get(name));
    }

    /**
     * @return every path parameter of a custom action; empty for generated operations
     * @since 0.2.0
     */
    @NonNull
    public Map<String, String> getPathParameters() {
        return pathParameters;
    }

    /**
     * Model accessors, raw SQL and row locks, all joining the active transaction. They run the same
     * validation and query language as HTTP, without the Auth step, for this request: the scopes of
     * its principal hold and record listeners see it as the writer.
     *
     * @return the accessors
     * @since 0.2.0
     */
    @NonNull
    public Models getModels() {
        if (boundModels == null) {
            if (models == null) {
                throw new IllegalStateException("Model accessors are attached by the pipeline executor");
            }
            boundModels = models.as(this);
        }
        return boundModels;
    }

    /**
     * The record the request's id names, as stored before this request writes it: read once (in the
     * caller's scope) on first use and kept, so owner checks, policies and history share one read.
     * After the DB step of an update or delete it is the pre-image that step read with the row locked.
     *
     * @return the stored record; absent when the operation names no record, or no live record in the
     *     caller's scope has the id
     * @since 0.3.0
     */
    @NonNull
    public Optional<Map<String, Object>> getStoredRecord() {
        if (!storedRecordLoaded) {
            storedRecordLoaded = true;
            if (model != null && recordId != null) {
                storedRecord = dataStore.read(this, model, recordId, List.of()).orElse(null);
            }
        }
        return Optional.ofNullable(storedRecord);
    }

    /**
     * Replaces the kept stored record; the DB step sets the pre-image it read under lock.
     *
     * @param record the stored record, or null when there is none
     * @since 0.3.0
     */
    public void setStoredRecord(@Nullable Map<String, Object> record) {
        this.storedRecord = record;
        this.storedRecordLoaded = true;
    }

    /**
     * @return the change the DB step made (update and delete), with the record before and after
     * @since 0.3.0
     */
    @NonNull
    public Optional<RecordChange> getRecordChange() {
        return Optional.ofNullable(change);
    }

    /**
     * @param change the change the DB step made
     * @since 0.3.0
     */
    public void setRecordChange(@Nullable RecordChange change) {
        this.change = change;
    }

    /**
     * Runs a callback once the active transaction has committed (see {@link DataStore#afterCommit}).
     *
     * @param callback the callback
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    public void afterCommit(@NonNull Runnable callback) {
        dataStore.afterCommit(this, callback);
    }

    /**
     * Runs a callback once the active transaction has rolled back.
     *
     * @param callback the callback
     * @throws io.fx.micronaut.db.TransactionRequiredException when no transaction is active
     * @since 0.3.0
     */
    public void afterRollback(@NonNull Runnable callback) {
        dataStore.afterRollback(this, callback);
    }

    /**
     * Attaches the model accessors; the pipeline executor calls it.
     *
     * @param models the accessors
     * @since 0.2.0
     */
    @Internal
    public void attachModels(@NonNull Models models) {
        this.models = models;
    }

    /**
     * Runs work in a manual transaction. Model accessors, raw SQL and the DB step join it; it commits
     * when the work returns and rolls back when it throws. A transaction cannot nest: beginning one
     * while one is active fails with {@code TX_BEGIN_ERROR}.
     *
     * @param work the work
     * @param <R>  the result type
     * @return the work's result, after commit
     * @since 0.2.0
     */
    public <R> R inTransaction(@NonNull Supplier<R> work) {
        return dataStore.inTransaction(work);
    }
}
