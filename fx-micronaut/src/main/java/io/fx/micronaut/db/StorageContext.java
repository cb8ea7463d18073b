package io.fx.micronaut.db;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.model.AttributeKey;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;

import java.util.Optional;

/**
 * Who a storage call runs for: the request being served (a
 * {@link io.fx.micronaut.pipeline.RequestContext} is one) or background work. The store hands it to
 * every {@link ScopeResolver} and {@link RecordListener}, so a restriction that depends on the caller
 * (tenant, owner, policy) holds for every statement the call runs.
 *
 * <p>Background code builds one with {@link #system()} or {@link #of(AuthInfo)} and gets scoped model
 * accessors from {@code Models.as(context)}: scopes resolve and listeners run exactly as for a
 * request.</p>
 *
 * @since 0.3.0
 */
public interface StorageContext {

    /** @return the request id, or a generated id for background work; used in logs */
    @NonNull
    String getRequestId();

    /** @return the principal, absent for anonymous callers */
    @NonNull
    Optional<AuthInfo> getPrincipal();

    /** @return the HTTP request, absent for background work */
    @NonNull
    default Optional<HttpRequest<?>> getRequest() {
        return Optional.empty();
    }

    /**
     * A value a middleware of the request left under a typed key (a request's
     * {@code RequestContext.attributes()}), for scope resolvers and listeners that depend on it.
     *
     * @param key the key
     * @param <T> the value type
     * @return the value, if set; always empty for background work
     * @since 0.7.0 (a string-keyed lookup before)
     */
    @NonNull
    default <T> Optional<T> getAttribute(@NonNull AttributeKey<T> key) {
        return Optional.empty();
    }

    /**
     * Whether the caller has gone away. A write that owns its transaction rolls back instead of
     * committing when this turns true (the client closed the connection).
     *
     * @return whether the work should be abandoned
     */
    default boolean isCancelled() {
        return false;
    }

    /**
     * @return a context for background work on the application's own behalf, with the
     *     {@link AuthInfo#system() system principal}
     */
    @NonNull
    static StorageContext system() {
        return BackgroundContext.SYSTEM;
    }

    /**
     * @param principal the principal the work runs for, or null for an anonymous caller
     * @return a context for background work on behalf of that principal
     */
    @NonNull
    static StorageContext of(@Nullable AuthInfo principal) {
        return new BackgroundContext(BackgroundContext.newId(), principal);
    }
}
