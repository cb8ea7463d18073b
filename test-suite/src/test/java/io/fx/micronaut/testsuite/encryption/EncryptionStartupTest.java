package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.SpecModels;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Encrypted fields that cannot work fail startup naming the model and the field (or the variable): a misspelt
 * {@code encrypted} or {@code key} even without {@code fx.strict}, a non-text field, a directive that reads the
 * column, an index or relation key, {@code key} alone, a unique field without an index key, a missing or bad key
 * variable (never its value).
 */
class EncryptionStartupTest {

    private static Map<String, Object> app(Class<?> model, Object... extra) {
        Map<String, Object> config = Databases.config("EncryptionStartupTest" + model.getSimpleName(), extra);
        config.put(SpecModels.PROPERTY, SpecModels.of(model));
        config.put("encryption.test-keys", "true");
        config.putIfAbsent("fx.encryption.provider", "env");
        return config;
    }

    private static String fails(Class<?> model, Object... extra) {
        return Failures.startupFailure(app(model, extra));
    }

    @Test
    void aMisspeltEncryptedFailsWithoutStrictMode() {
        String message = fails(EncryptionStartupModels.Misspelt.class);
        assertTrue(message.contains("Model Misspelt, field secret") && message.contains("'encrpyted'")
            && message.contains("'encrypted'"), message);
    }

    @Test
    void aMisspeltKeyFailsWithoutStrictMode() {
        String message = fails(EncryptionStartupModels.MisspeltKey.class);
        assertTrue(message.contains("Model MisspeltKey, field secret") && message.contains("'kye'"), message);
    }

    @Test
    void encryptedNeedsAStringProperty() {
        String message = fails(EncryptionStartupModels.NotText.class);
        assertTrue(message.contains("Model NotText, field secret") && message.contains("encrypted"), message);
    }

    @Test
    void directivesThatReadTheColumnCannotBeCombined() {
        String filterable = fails(EncryptionStartupModels.Filterable.class);
        assertTrue(filterable.contains("Model Filterable, field secret") && filterable.contains("filterable"), filterable);
        String sortable = fails(EncryptionStartupModels.Sortable.class);
        assertTrue(sortable.contains("Model Sortable, field secret") && sortable.contains("sortable"), sortable);
        String indexed = fails(EncryptionStartupModels.Indexed.class);
        assertTrue(indexed.contains("Model Indexed, field secret") && indexed.contains("index"), indexed);
    }

    @Test
    void aRelationKeyCannotBeEncrypted() {
        Map<String, Object> config = app(EncryptionStartupModels.RelationKey.class, "encryption.test-models", "true",
            "fx.encryption.index-key", "index");
        String message = Failures.startupFailure(config);
        assertTrue(message.contains("Model RelationKey, field patient_id") && message.contains("relation key"), message);
    }

    @Test
    void keyNeedsEncrypted() {
        String message = fails(EncryptionStartupModels.KeyAlone.class);
        assertTrue(message.contains("Model KeyAlone, field secret") && message.contains("needs 'encrypted'"), message);
    }

    @Test
    void aUniqueEncryptedFieldNeedsAnIndexKey() {
        String message = fails(EncryptionStartupModels.Unique.class);
        assertTrue(message.contains("Model Unique, field secret") && message.contains("fx.encryption.index-key"), message);
    }

    @Test
    void aMissingOrBadKeyVariableFailsNamingTheVariableNotItsValue() {
        String missing = fails(EncryptionStartupModels.Plain.class, "fx.encryption.active-keys.default", "absent");
        assertTrue(missing.contains("FX_KEY_ABSENT is not set"), missing);
        String garbled = fails(EncryptionStartupModels.Plain.class);
        assertTrue(garbled.contains("FX_KEY_GARBLED is not base64"), garbled);
        assertFalse(garbled.contains("not*base64"), garbled);
        String shortKey = fails(EncryptionStartupModels.Plain.class, "fx.encryption.active-keys.garbled", "short");
        assertTrue(shortKey.contains("FX_KEY_SHORT holds 16 bytes, not 32"), shortKey);
        String prefixed = fails(EncryptionStartupModels.Plain.class, "fx.encryption.env-prefix", "APP_KEY",
            "fx.encryption.active-keys.garbled", "default");
        assertTrue(prefixed.contains("APP_KEY_DEFAULT is not set"), prefixed);
    }

    @Test
    void anUnknownProviderFailsNamingTheKey() {
        String message = fails(EncryptionStartupModels.Plain.class, "fx.encryption.provider", "kms");
        assertTrue(message.contains("fx.encryption.provider is 'kms'"), message);
    }
}
