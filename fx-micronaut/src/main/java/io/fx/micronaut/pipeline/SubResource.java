package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Optional;

/**
 * A read-only sub-resource of every record of some models, served at
 * {@code GET {prefix}/{collection}/{id}/{name}} (a record's change history is one). The request runs the
 * pipeline of the sub-resource's {@link #operation()} for the parent model, so the middleware of that
 * operation (authentication, authorisation, rate limits) apply as they do to the model's own routes. The
 * DB step first reads the parent record for the caller (a record that is missing or outside the caller's
 * scope is 404, as on a read) and puts it on the context ({@link RequestContext#getStoredRecord()}); then
 * it calls {@link #load} for the response data. Declare one as a bean.
 *
 * @since 0.3.0
 */
public interface SubResource {

    /** @return the last path segment: lower-case letters, digits, {@code _} and {@code -} */
    @NonNull
    String name();

    /**
     * @return the operation whose pipeline serves the sub-resource: {@link Operation#READ}, {@link Operation#ACTION}
     *     or one of the module's own ({@code Operation.named("read_history")} for a record's change history)
     */
    @NonNull
    Operation operation();

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
     * Loads the sub-resource, in the DB step, after the parent record was read for the caller.
     *
     * @param context the request; {@link RequestContext#getStoredRecord()} holds the parent record
     * @return a {@link io.fx.micronaut.db.Page} (answered as a list, with {@code meta}), one record, or any
     *         JSON value (answered as {@code {"data": ...}})
     */
    @Nullable
    Object load(@NonNull RequestContext context);
}
