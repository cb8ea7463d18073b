package io.fx.micronaut.pipeline;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

/**
 * A middleware that depends on the models it runs for (a field it reads, a column it restricts) and
 * checks them at startup: while the pipeline is compiled, {@link #bind(ModelBinding)} is called once for every
 * model the middleware's registration covers (and once per registration), before any request. Implement
 * {@link #bind(ModelDescriptor)} when the model is all that matters, or {@link #bind(ModelBinding)} to see the
 * step, position and operations too. Throw an
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
     * Called by {@link #bind(ModelBinding)} unless that is overridden; does nothing by default.
     *
     * @param model a model this middleware's registration covers
     */
    default void bind(@NonNull ModelDescriptor model) {
    }

    /**
     * @param binding a model this middleware's registration covers, with the step, position and operations
     *                the registration chose
     * @since 0.7.0
     */
    default void bind(@NonNull ModelBinding binding) {
        bind(binding.model());
    }
}
