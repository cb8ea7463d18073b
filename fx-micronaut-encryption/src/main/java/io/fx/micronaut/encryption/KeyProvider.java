package io.fx.micronaut.encryption;

import io.micronaut.core.annotation.NonNull;

import java.util.Optional;

/**
 * Where the keys of encrypted fields come from: 32 bytes of key material by key id. The built-ins are chosen by
 * {@code fx.encryption.provider} ({@code env}: environment variables, {@code vault}: HashiCorp Vault KV v2); an
 * application bean implementing this interface replaces them. Implementations cache as they see fit; they are asked
 * on every encryption and decryption.
 *
 * @since 0.10.0
 */
@FunctionalInterface
public interface KeyProvider {

    /**
     * @param keyId a key id ({@code [a-z0-9-]{1,64}})
     * @return the key's 32 bytes, or empty when the provider has no such key
     * @throws KeyProviderUnavailableException when the provider cannot be asked right now (a network failure)
     */
    @NonNull
    Optional<byte[]> find(@NonNull String keyId);
}
