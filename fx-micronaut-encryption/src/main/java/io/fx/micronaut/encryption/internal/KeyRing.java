package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptionConfiguration;
import io.fx.micronaut.encryption.EncryptionErrorCodes;
import io.fx.micronaut.encryption.KeyProvider;
import io.fx.micronaut.encryption.KeyProviderUnavailableException;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.exception.FxException;
import io.micronaut.context.env.Environment;
import io.micronaut.core.naming.conventions.StringConvention;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The configured {@link KeyProvider} (the application's bean, else the built-in {@code fx.encryption.provider}
 * names, else none) and the key ids it is asked for: the active key id of each key name
 * ({@code fx.encryption.active-keys.<name>}, default the name) and the index key. Every failure is an
 * {@link FxException} of {@link EncryptionErrorCodes} whose message names the subject and the key id, never a value
 * or a secret. A {@code KEY_PROVIDER_UNAVAILABLE} carries {@code fx.encryption.retry-after}, its answer's
 * {@code Retry-After}.
 */
@Singleton
final class KeyRing {

    private final KeyProvider provider;
    private final Environment environment;
    private final String indexKeyId;
    private final Duration retryAfter;
    /** The active key id of each key name, read from the configuration once (it changes with a restart). */
    private final Map<String, String> activeKeyIds = new ConcurrentHashMap<>();

    KeyRing(Optional<KeyProvider> provider, EncryptionConfiguration configuration, Environment environment) {
        this.provider = provider.orElse(null);
        this.environment = environment;
        this.indexKeyId = configuration.getIndexKey();
        this.retryAfter = configuration.getRetryAfter();
        if (retryAfter.isNegative()) {
            throw new FxConfigurationException(EncryptionConfiguration.PREFIX + ".retry-after must not be negative");
        }
    }

    /** @return whether a provider is configured */
    boolean isConfigured() {
        return provider != null;
    }

    /** @return the configured index key id, if any */
    Optional<String> indexKeyId() {
        return Optional.ofNullable(indexKeyId).filter(id -> !id.isBlank());
    }

    /**
     * @param keyName a key name ({@code key:NAME}, {@code default})
     * @return the key id new values of that name are encrypted under
     */
    String activeKeyId(String keyName) {
        return activeKeyIds.computeIfAbsent(keyName, name -> environment.getProperty(
            EncryptionConfiguration.ACTIVE_KEYS + "." + name, String.class).filter(id -> !id.isBlank()).orElse(name));
    }

    /** @return the key names {@code fx.encryption.active-keys} configures */
    Set<String> configuredKeyNames() {
        Map<String, Object> configured = environment.getProperties(EncryptionConfiguration.ACTIVE_KEYS, StringConvention.RAW);
        return new TreeSet<>(configured.keySet());
    }

    /**
     * @param keyId   a key id
     * @param subject what needs it ({@code Author.email}), for the message
     * @return the key's 32 bytes
     * @throws FxException {@code ENCRYPTION_NOT_CONFIGURED} (no provider, unknown id, not 32 bytes) or
     *                     {@code KEY_PROVIDER_UNAVAILABLE}
     */
    byte[] key(String keyId, String subject) {
        if (provider == null) {
            throw EncryptionErrorCodes.ENCRYPTION_NOT_CONFIGURED.exception(subject
                + ": no key provider is configured (set " + EncryptionConfiguration.PROVIDER + " or declare a KeyProvider bean)");
        }
        Optional<byte[]> key;
        try {
            key = provider.find(keyId);
        } catch (KeyProviderUnavailableException e) {
            ErrorCode code = EncryptionErrorCodes.KEY_PROVIDER_UNAVAILABLE;
            throw new FxException(code.status(), code.name(), subject + ": the key provider could not be asked for key "
                + "id '" + keyId + "'", null, e, retryAfter);
        }
        byte[] bytes = key.orElseThrow(() -> EncryptionErrorCodes.ENCRYPTION_NOT_CONFIGURED.exception(subject
            + ": key id '" + keyId + "' is unknown to the key provider"));
        if (bytes.length != 32) {
            throw EncryptionErrorCodes.ENCRYPTION_NOT_CONFIGURED.exception(subject + ": key id '" + keyId
                + "' is not 32 bytes");
        }
        return bytes;
    }

    /**
     * @param subject what needs it
     * @return the index key's bytes
     */
    byte[] indexKey(String subject) {
        String id = indexKeyId().orElseThrow(() -> EncryptionErrorCodes.ENCRYPTION_NOT_CONFIGURED.exception(subject
            + ": no index key is configured (" + EncryptionConfiguration.PREFIX + ".index-key)"));
        return key(id, subject);
    }
}
