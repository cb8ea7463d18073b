package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/**
 * {@code key:NAME}: the key name of an encrypted field (its active key id is
 * {@code fx.encryption.active-keys.NAME}, default {@code NAME}). Only beside {@code encrypted}; names match
 * {@code [a-z0-9-]{1,64}}.
 */
@Singleton
final class KeyDirective implements FieldDirective {

    @Override
    @NonNull
    public String name() {
        return "key";
    }

    @Override
    public boolean takesValue() {
        return true;
    }

    @Override
    public boolean nearMissFatal() {
        return true;
    }

    @Override
    public int getOrder() {
        // after encrypted, whose attribute it refines
        return 10;
    }

    @Override
    @NonNull
    public Object parse(@NonNull String value, @NonNull DirectiveSite site) {
        if (!Envelope.isKeyId(value)) {
            throw site.fail("key name '" + value + "' must match [a-z0-9-]{1,64}");
        }
        return value;
    }

    @Override
    public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
        if (field.attributes().get(EncryptedField.ATTRIBUTE).isEmpty()) {
            throw site.fail("directive 'key' needs 'encrypted' on the same field");
        }
        field.attribute(EncryptedField.ATTRIBUTE, new EncryptedField((String) value));
    }
}
