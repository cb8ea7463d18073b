package io.fx.micronaut.exception;

import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.annotation.NonNull;

/**
 * Raised at startup when models, directives, middleware or configuration are inconsistent. The
 * message always names the model, field or setting at fault.
 *
 * @since 0.1.0
 */
public class FxConfigurationException extends ConfigurationException {

    /**
     * @param message what is wrong and where
     */
    public FxConfigurationException(@NonNull String message) {
        super(message);
    }
}
