package io.fx.micronaut.examples.fields;

import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.Set;

/** The {@code lowercase} directive: marks a text field so that {@link LowercaseCodec} owns it. */
// tag::directive[]
@Singleton
public class LowercaseDirective implements FieldDirective {

    /** Set on every field that carries the directive. */
    public static final AttributeKey<Boolean> LOWERCASE = AttributeKey.of("example.lowercase", Boolean.class);

    @Override
    public @NonNull String name() {
        return "lowercase";
    }

    @Override
    public @NonNull Set<FieldType> fieldTypes() {
        return Set.of(FieldType.STRING);
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        field.attribute(LOWERCASE, Boolean.TRUE);
    }
}
// end::directive[]
