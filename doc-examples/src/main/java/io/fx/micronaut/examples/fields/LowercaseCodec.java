package io.fx.micronaut.examples.fields;

import io.fx.micronaut.db.CodecContext;
import io.fx.micronaut.db.FieldCodec;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Locale;

/**
 * Stores {@code lowercase} fields lower-cased. The store encodes on every write and encodes filter values
 * too, so {@code filter=email:eq:Ann@Example.org} finds {@code ann@example.org}, and the unique constraint
 * holds whatever the case.
 */
// tag::codec[]
@Singleton
public class LowercaseCodec implements FieldCodec {

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model, @NonNull FieldDescriptor field) {
        return field.attribute(LowercaseDirective.LOWERCASE).orElse(false);
    }

    @Override
    public @NonNull Object encode(@NonNull CodecContext context, @NonNull Object value) {
        return ((String) value).toLowerCase(Locale.ROOT);
    }

    @Override
    public @NonNull Object decode(@NonNull CodecContext context, @NonNull Object stored) {
        return stored;
    }
}
// end::codec[]
