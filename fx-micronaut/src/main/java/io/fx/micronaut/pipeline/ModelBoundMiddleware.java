package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

/**
 * A middleware that depends on the models it runs for (a field it reads, a column it restricts) and
 * checks them at startup: while the pipeline is compiled, {@link #bind} is called once for every model
 * the middleware's registration covers, before any request. Throw an
 * {@link io.fx.micronaut.exception.FxConfigurationException} to refuse to start, naming what is wrong.
 *
 * <pre>{@code
 * final class RequireOwner implements ModelBoundMiddleware {
 *     public void bind(ModelDescriptor model) {
 *         model.findField(field).orElseThrow(() -> new FxConfigurationException(...));
 *     }
 *     ...
 * }
 * }</pre>
 *
 * @since 0.4.0
 */
public interface ModelBoundMiddleware extends Middleware {

    /**
     * @param model a model this middleware's registration covers
     */
    void bind(@NonNull ModelDescriptor model);
}
