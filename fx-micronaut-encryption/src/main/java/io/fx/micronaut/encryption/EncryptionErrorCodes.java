package io.fx.micronaut.encryption;

import io.fx.micronaut.exception.ErrorCode;

import java.util.List;

/**
 * The error codes only the encryption module answers with. Each is a 5xx whose body carries the generic message;
 * the cause is logged with the model, the field and the key id, never a value.
 *
 * @since 0.10.0
 */
public final class EncryptionErrorCodes {

    /**
     * An encrypted field was read or written with no key provider configured, or its key id is unknown to the
     * provider. Nothing is written.
     */
    public static final ErrorCode ENCRYPTION_NOT_CONFIGURED = ErrorCode.of("ENCRYPTION_NOT_CONFIGURED", 500);

    /** The key provider could not be reached. */
    public static final ErrorCode KEY_PROVIDER_UNAVAILABLE = ErrorCode.of("KEY_PROVIDER_UNAVAILABLE", 503);

    /** A stored envelope is malformed or failed authentication (tampered, or bound to another key id). */
    public static final ErrorCode DECRYPTION_FAILED = ErrorCode.of("DECRYPTION_FAILED", 500);

    /**
     * Not a code of its own: the reason a 400 {@code INVALID_QUERY} gives (in its message and as
     * {@code details.reason}) for a filter or sort on an encrypted field.
     */
    public static final String ENCRYPTED_FIELD_NOT_FILTERABLE = "ENCRYPTED_FIELD_NOT_FILTERABLE";

    /** Every code above. */
    public static final List<ErrorCode> ALL = List.of(ENCRYPTION_NOT_CONFIGURED, KEY_PROVIDER_UNAVAILABLE,
        DECRYPTION_FAILED);

    private EncryptionErrorCodes() {
    }
}
