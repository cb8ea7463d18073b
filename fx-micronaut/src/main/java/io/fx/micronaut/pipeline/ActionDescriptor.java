package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpMethod;

import java.util.Optional;

/**
 * What the pipeline knows of the custom action a request serves ({@link RequestContext#findAction()}):
 * its method, its path and its declared access. {@code io.fx.micronaut.action.Action} is one.
 *
 * @since 0.4.0
 */
public interface ActionDescriptor {

    /** @return the HTTP method */
    @NonNull
    HttpMethod method();

    /** @return the path below the prefix, with its {@code {name}} parameters */
    @NonNull
    String path();

    /** @return the declared access, empty when undeclared */
    @NonNull
    Optional<ActionAccess> declaredAccess();

    /**
     * @return the operation whose middleware run for the action: {@link Operation#ACTION} for a custom action; a
     *     module's own for the routes it adds as actions (file uploads run {@code FILE_UPLOAD}), so middleware can be
     *     registered for them alone
     * @since 0.9.0
     */
    @NonNull
    default Operation operation() {
        return Operation.ACTION;
    }
}
