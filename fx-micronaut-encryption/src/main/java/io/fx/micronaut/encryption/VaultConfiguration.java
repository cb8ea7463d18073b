package io.fx.micronaut.encryption;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * The Vault KV v2 key provider's settings, under {@code fx.encryption.vault}: a key is read with
 * {@code GET {address}/v1/{mount}/data/{path}/{keyId}} and header {@code X-Vault-Token}, from the field {@code key}
 * (base64 of 32 bytes) of the secret's data.
 *
 * @since 0.10.0
 */
@ConfigurationProperties(VaultConfiguration.PREFIX)
public interface VaultConfiguration {

    /** The prefix. */
    String PREFIX = EncryptionConfiguration.PREFIX + ".vault";

    /** @return the Vault address, {@code https://vault.example:8200}; http only with {@link #isAllowInsecureHttp()} */
    @Nullable
    String getAddress();

    /** @return the token; never logged */
    @Nullable
    String getToken();

    /** @return the KV v2 mount */
    @Bindable(defaultValue = "secret")
    @NonNull
    String getMount();

    /** @return the path under the mount that holds one secret per key id */
    @Bindable(defaultValue = "fx-keys")
    @NonNull
    String getPath();

    /** @return PEM certificates trusted for the Vault server (instead of the JDK's trust store), or null */
    @Nullable
    String getCaCert();

    /** @return how long a connection and a request may take */
    @Bindable(defaultValue = "10s")
    @NonNull
    Duration getTimeout();

    /** @return how long a read key is kept before it is read again (a failed refresh keeps the cached key) */
    @Bindable(defaultValue = "5m")
    @NonNull
    Duration getCacheTtl();

    /** @return whether an {@code http://} address is accepted (tests, a local agent) */
    @Bindable(defaultValue = "false")
    boolean isAllowInsecureHttp();
}
