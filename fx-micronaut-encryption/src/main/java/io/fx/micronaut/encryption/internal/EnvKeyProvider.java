package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptionConfiguration;
import io.fx.micronaut.encryption.KeyProvider;
import io.fx.micronaut.encryption.KeyVariables;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code fx.encryption.provider: env}: key {@code id} is the variable {@code <env-prefix>_<ID>} (upper-cased,
 * {@code -} to {@code _}), standard or URL-safe base64 of 32 bytes, read once. A bad value is treated as absent at
 * run time; {@link #require} (the startup check) fails naming the variable, never its value.
 */
@Singleton
@Secondary
@Requires(property = EncryptionConfiguration.PROVIDER, value = EncryptionConfiguration.ENV)
final class EnvKeyProvider implements KeyProvider {

    private final KeyVariables variables;
    private final String prefix;
    private final Map<String, Optional<byte[]>> read = new ConcurrentHashMap<>();

    EnvKeyProvider(KeyVariables variables, EncryptionConfiguration configuration) {
        this.variables = variables;
        this.prefix = configuration.getEnvPrefix();
    }

    /** @param keyId a key id @return its variable's name */
    String variable(String keyId) {
        return prefix + "_" + keyId.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    @Override
    @NonNull
    public Optional<byte[]> find(@NonNull String keyId) {
        return read.computeIfAbsent(keyId, id -> {
            try {
                return Optional.of(decode(id));
            } catch (FxConfigurationException e) {
                return Optional.empty();
            }
        }).map(byte[]::clone);
    }

    /**
     * @param keyId a key id the configuration needs
     * @throws FxConfigurationException naming the variable when it is unset or not base64 of 32 bytes
     */
    void require(String keyId) {
        decode(keyId);
    }

    private byte[] decode(String keyId) {
        String name = variable(keyId);
        String text = variables.get(name).map(String::trim).filter(v -> !v.isEmpty()).orElseThrow(() ->
            new FxConfigurationException("Encryption key id '" + keyId + "': the environment variable " + name
                + " is not set (base64 of 32 bytes, e.g. from `openssl rand -base64 32`)"));
        byte[] key;
        try {
            key = text.indexOf('-') >= 0 || text.indexOf('_') >= 0
                ? Base64.getUrlDecoder().decode(text) : Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException("Encryption key id '" + keyId + "': the environment variable " + name
                + " is not base64");
        }
        if (key.length != 32) {
            throw new FxConfigurationException("Encryption key id '" + keyId + "': the environment variable " + name
                + " holds " + key.length + " bytes, not 32");
        }
        return key;
    }
}
