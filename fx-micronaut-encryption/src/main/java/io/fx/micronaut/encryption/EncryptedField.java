package io.fx.micronaut.encryption;

import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.FieldDescriptor;
import io.micronaut.core.annotation.NonNull;

import java.util.Optional;

/**
 * What {@code @Fx("encrypted")} (and {@code key:NAME}) leave on a field's descriptor.
 *
 * @param keyName the key name whose active key id encrypts new values ({@code default} unless {@code key:NAME})
 * @since 0.10.0
 */
public record EncryptedField(@NonNull String keyName) {

    /** The attribute of an encrypted field. */
    public static final AttributeKey<EncryptedField> ATTRIBUTE = AttributeKey.of("fx.encryption.field", EncryptedField.class);
    /** The key name of fields without {@code key:NAME}. */
    public static final String DEFAULT_KEY_NAME = "default";

    /**
     * @param field a field
     * @return its encryption, when it is encrypted
     */
    @NonNull
    public static Optional<EncryptedField> of(@NonNull FieldDescriptor field) {
        return field.attribute(ATTRIBUTE);
    }

    /**
     * @param field a field
     * @return the name of its blind-index companion column
     */
    @NonNull
    public static String indexColumn(@NonNull FieldDescriptor field) {
        return field.name() + "_hmac";
    }
}
