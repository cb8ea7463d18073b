package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;

import java.util.Optional;
import java.util.Set;

/**
 * A sub-resource of every record of some models, served at {@code {prefix}/{collection}/{id}/{name}} (a
 * record's change history is one): {@code GET} (and {@code HEAD}) by default, and any of {@code POST},
 * {@code PUT}, {@code PATCH} and {@code DELETE} it lists in {@link #methods()}; another method is 405
 * {@code METHOD_NOT_ALLOWED} with {@code Allow}. The request runs the pipeline of the method's
 * {@link #operation(HttpMethod) operation} for the parent model, so the middleware of that operation
 * (authentication, authorisation, rate limits) apply as they do to the model's own routes. The DB step
 * first reads the parent record for the caller (a record that is missing or outside the caller's scope is
 * 404, as on a read) and puts it on the context ({@link RequestContext#getStoredRecord()}); then it calls
 * {@link #load}, which answers every method. The Deserialize step leaves the body to the sub-resource
 * ({@link RequestPayload#getRequestBody()}). Declare one as a bean.
 *
 * @since 0.3.0
 */
public interface SubResource {

    /** @return the last path segment: lower-case letters, digits, {@code _} and {@code -} */
    @NonNull
    String name();

    /**
     * @return the operation whose pipeline serves {@code GET}: {@link Operation#READ}, {@link Operation#ACTION}
     *     or one of the module's own ({@code Operation.named("read_history")} for a record's change history)
     */
    @NonNull
    Operation operation();

    /**
     * @return the methods served: {@code GET} (which answers {@code HEAD} too) and any of {@code POST},
     *     {@code PUT}, {@code PATCH} and {@code DELETE}; {@code GET} alone by default
     * @since 0.7.0
     */
    @NonNull
    default Set<HttpMethod> methods() {
        return Set.of(HttpMethod.GET);
    }

    /**
     * @param method one of {@link #methods()}
     * @return the operation whose pipeline serves it: {@link #operation()} by default; for a method other than
     *     {@code GET}, {@link Operation#UPDATE}, {@link Operation#DELETE}, {@link Operation#ACTION} or one of the
     *     module's own
     * @since 0.7.0
     */
    @NonNull
    default Operation operation(@NonNull HttpMethod method) {
        return operation();
    }

    /**
     * @param method one of {@link #methods()}
     * @return the status of a successful answer when {@link #load} returns a value or null: 204 (no body) for
     *     {@code DELETE}, 200 otherwise; 201 or 202 for a {@code POST} that creates or accepts something
     * @since 0.7.0
     */
    default int status(@NonNull HttpMethod method) {
        return method == HttpMethod.DELETE ? 204 : 200;
    }

    /**
     * Whether a soft-deleted parent record is reachable: the DB step then asks the store's
     * {@link io.fx.micronaut.db.ScopeChecker} whether the record, soft-deleted or not, lies in the caller's scope, and
     * puts the record (soft-deleted included) on the context; without one it reads the parent live only, as by
     * default. A record outside the scope, unknown, malformed or hard-deleted is the record's own 404 either way.
     *
     * @return whether the parent may be soft-deleted; {@code false} by default
     * @since 0.8.0
     */
    default boolean reachesSoftDeletedParent() {
        return false;
    }

    /**
     * The names this sub-resource is served under for one model's records: {@link #name()} by default; a
     * sub-resource serving one path per field (a record's file fields, {@code /posts/{id}/cover}) lists them. Each
     * follows the rules of {@link #name()} and is unique among the model's sub-resources; the request's own name is
     * the last segment of {@code context.view()}'s path.
     *
     * @param model a model it {@link #appliesTo applies to}
     * @return the names, not empty
     * @since 0.9.0
     */
    @NonNull
    default Set<String> names(@NonNull ModelDescriptor model) {
        return Set.of(name());
    }

    /**
     * @param model a model with routes
     * @return whether its records have this sub-resource
     */
    boolean appliesTo(@NonNull ModelDescriptor model);

    /**
     * @param model the parent model
     * @return the model of the records {@link #load} returns, so they are rendered as that model's records
     *         (readable fields only, timestamps formatted); empty to send the result as it is
     */
    @NonNull
    default Optional<ModelDescriptor> resultModel(@NonNull ModelDescriptor model) {
        return Optional.empty();
    }

    /**
     * Loads the sub-resource, or carries out a method other than {@code GET} on it
     * ({@code context.getRequest().orElseThrow().getMethod()}), in the DB step, after the parent record was read
     * for the caller.
     *
     * @param context the request; {@link RequestContext#getStoredRecord()} holds the parent record
     * @return a {@link io.fx.micronaut.db.Page} (answered as a list, with {@code meta}), one record, or any
     *         JSON value (answered as {@code {"data": ...}}), with the method's {@link #status}; or an
     *         {@link FxResponse}, sent as it is (another status, a download, a redirect)
     */
    @Nullable
    Object load(@NonNull RequestContext context);
}
