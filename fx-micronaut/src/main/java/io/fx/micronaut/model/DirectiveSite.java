package io.fx.micronaut.model;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;

/**
 * Where a {@link FieldDirective} is applied: the model, the field and its declared Java type with its
 * generic arguments (the {@code String} of a {@code List<String>}).
 *
 * @param model    the model name
 * @param field    the snake_case field name
 * @param property the declared type of the property, generics included
 * @since 0.2.0
 */
public record DirectiveSite(@NonNull String model, @NonNull String field, @NonNull Argument<?> property) {

    /** @return the raw Java type of the property */
    @NonNull
    public Class<?> javaType() {
        return property.getType();
    }

    /**
     * @param problem what is wrong, without the model and field (they are prefixed)
     * @return a startup failure naming the model and the field
     */
    @NonNull
    public FxConfigurationException fail(@NonNull String problem) {
        return new FxConfigurationException("Model " + model + ", field " + field + ": " + problem);
    }
}
