package io.fx.micronaut.db;

import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.Objects;

/**
 * What a {@link FieldCodec} converts a value for: the model and field, and the caller whose storage call
 * reads or writes it (its principal and tenant), so a codec can choose a key per tenant.
 *
 * @param model  the model whose column holds the value
 * @param field  the field
 * @param caller who the storage call runs for
 * @since 0.7.0
 */
public record CodecContext(@NonNull ModelDescriptor model, @NonNull FieldDescriptor field,
                           @NonNull StorageContext caller) {

    /** Checks that every part is present. */
    public CodecContext {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(caller, "caller");
    }
}
