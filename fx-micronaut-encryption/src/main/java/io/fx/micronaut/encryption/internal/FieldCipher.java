package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.encryption.EncryptionErrorCodes;
import io.fx.micronaut.encryption.RotationFailure;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import jakarta.inject.Singleton;

import javax.crypto.AEADBadTagException;

/**
 * Encrypts, decrypts and indexes the values of encrypted fields with the keys of the {@link KeyRing}. Messages name
 * the model, the field and the key id, never a value.
 */
@Singleton
final class FieldCipher {

    private final KeyRing keys;
    private final AesGcm aes = new AesGcm();
    private final BlindIndex blindIndex = new BlindIndex();

    FieldCipher(KeyRing keys) {
        this.keys = keys;
    }

    KeyRing keys() {
        return keys;
    }

    /** A value the rotation preflight could not read, by stage; the message never carries the value. */
    static final class Unreadable extends Exception {
        private final RotationFailure.Stage stage;

        Unreadable(RotationFailure.Stage stage, String reason) {
            super(reason);
            this.stage = stage;
        }

        RotationFailure.Stage stage() {
            return stage;
        }
    }

    static String subject(ModelDescriptor model, FieldDescriptor field) {
        return model.getName() + "." + field.name();
    }

    /** Encrypts under the active key of the field's key name. */
    String encrypt(ModelDescriptor model, FieldDescriptor field, String value) {
        String keyName = EncryptedField.of(field).map(EncryptedField::keyName).orElse(EncryptedField.DEFAULT_KEY_NAME);
        return encrypt(model, field, value, keys.activeKeyId(keyName));
    }

    String encrypt(ModelDescriptor model, FieldDescriptor field, String value, String keyId) {
        return aes.encrypt(keys.key(keyId, subject(model, field)), keyId, value);
    }

    /**
     * @return the value of a stored text: decrypted, or the text itself when it is legacy plain text
     * @throws FxException {@code DECRYPTION_FAILED}, {@code ENCRYPTION_NOT_CONFIGURED}, {@code KEY_PROVIDER_UNAVAILABLE}
     */
    String decrypt(ModelDescriptor model, FieldDescriptor field, String stored) {
        if (!Envelope.isEnvelope(stored)) {
            return stored;
        }
        String subject = subject(model, field);
        if (!keys.isConfigured()) {
            // fail closed the same way whatever the envelope holds
            keys.key(EncryptedField.DEFAULT_KEY_NAME, subject);
        }
        Envelope envelope;
        try {
            envelope = Envelope.parse(stored);
        } catch (Envelope.MalformedException e) {
            throw EncryptionErrorCodes.DECRYPTION_FAILED.exception(subject + ": " + e.getMessage());
        }
        try {
            return aes.decrypt(keys.key(envelope.keyId(), subject), envelope);
        } catch (AEADBadTagException e) {
            throw EncryptionErrorCodes.DECRYPTION_FAILED.exception(subject + ": the envelope under key id '"
                + envelope.keyId() + "' failed authentication");
        }
    }

    /**
     * The preflight's strict read: the stage and reason of what fails, provider failures included.
     *
     * @return the value, or the text itself when it is legacy plain text
     */
    String decryptForRotation(ModelDescriptor model, FieldDescriptor field, String stored) throws Unreadable {
        if (!Envelope.isEnvelope(stored)) {
            return stored;
        }
        Envelope envelope;
        try {
            envelope = Envelope.parse(stored);
        } catch (Envelope.MalformedException e) {
            throw new Unreadable(RotationFailure.Stage.DECODE, e.getMessage());
        }
        try {
            return aes.decrypt(keys.key(envelope.keyId(), subject(model, field)), envelope);
        } catch (AEADBadTagException e) {
            throw new Unreadable(RotationFailure.Stage.DECRYPT, "the envelope under key id '" + envelope.keyId()
                + "' failed authentication");
        } catch (FxException e) {
            throw new Unreadable(RotationFailure.Stage.DECRYPT, e.getMessage());
        }
    }

    /** @return the blind index of a value of an {@code encrypted,unique} field */
    String index(ModelDescriptor model, FieldDescriptor field, String value) {
        return blindIndex.digest(keys.indexKey(subject(model, field)), model.getTable(), field.name(), value);
    }
}
