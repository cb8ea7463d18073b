package io.fx.micronaut.examples.blog;

import io.fx.micronaut.exception.ValidationViolation;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import io.micronaut.serde.Encoder;
import io.micronaut.serde.Serializer;
import jakarta.inject.Singleton;

import java.io.IOException;

/**
 * Workaround, not part of the example: the core's {@link ValidationViolation} is {@code @Introspected}
 * but not {@code @Serdeable}, so under micronaut-serde a {@code VALIDATION_ERROR} renders as a 500
 * instead of the 422 envelope ({@code @SerdeImport} does not help: the type already has an
 * introspection). This bean writes {@code {field, rule, message}}. Delete this file once the core
 * marks the record {@code @Serdeable}.
 */
@Internal
@Singleton
final class ValidationViolationSerializer implements Serializer<ValidationViolation> {

    @Override
    public void serialize(@NonNull Encoder encoder, @NonNull EncoderContext context,
                          @NonNull Argument<? extends ValidationViolation> type, @NonNull ValidationViolation value)
        throws IOException {
        Encoder object = encoder.encodeObject(type);
        object.encodeKey("field");
        object.encodeString(value.field());
        object.encodeKey("rule");
        object.encodeString(value.rule());
        object.encodeKey("message");
        object.encodeString(value.message());
        object.finishStructure();
    }
}
