package io.fx.micronaut.encryption;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * The encryption settings, under {@code fx.encryption}. The active key of each key name is
 * {@code fx.encryption.active-keys.<name>} (default: the name itself), read as a map of its own.
 *
 * @since 0.10.0
 */
@ConfigurationProperties(EncryptionConfiguration.PREFIX)
public interface EncryptionConfiguration {

    /** The prefix. */
    String PREFIX = "fx.encryption";
    /** The provider property. */
    String PROVIDER = PREFIX + ".provider";
    /** The map of active key ids by key name. */
    String ACTIVE_KEYS = PREFIX + ".active-keys";
    /** The environment provider. */
    String ENV = "env";
    /** The Vault KV v2 provider. */
    String VAULT = "vault";

    /** @return {@code env} or {@code vault}; unset: none, unless the application declares a {@link KeyProvider} */
    @Nullable
    String getProvider();

    /** @return the id of the blind-index key of {@code encrypted,unique} fields; it never rotates */
    @Nullable
    String getIndexKey();

    /** @return (env) the prefix of the variables: {@code <prefix>_<KEY_ID>} */
    @Bindable(defaultValue = "FX_KEY")
    @NonNull
    String getEnvPrefix();

    /**
     * @return how long a client is told to wait ({@code Retry-After}, whole seconds) when a request answers 503
     *     {@code KEY_PROVIDER_UNAVAILABLE}: by default 10 seconds, the Vault provider's default request timeout
     */
    @Bindable(defaultValue = "10s")
    @NonNull
    Duration getRetryAfter();
}
