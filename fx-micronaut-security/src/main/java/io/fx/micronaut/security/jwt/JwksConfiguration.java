package io.fx.micronaut.security.jwt;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * The rotating key set (RSA and EC keys selected by {@code kid}), under {@code fx.security.jwt.jwks}.
 * Fetched lazily on the first token that needs it; a fetch replaces the whole set; a failed fetch keeps
 * the cached keys of any age; an unknown {@code kid} refetches at most once per
 * {@link #getMinRefetchInterval()}.
 *
 * @since 0.4.0
 */
@ConfigurationProperties(JwksConfiguration.PREFIX)
public interface JwksConfiguration {

    /** The prefix. */
    String PREFIX = JwtConfiguration.PREFIX + ".jwks";
    /** How long a fetched set is used before it is fetched again. */
    String DEFAULT_CACHE_TTL = "1h";
    /** The least time between two fetches. */
    String DEFAULT_MIN_REFETCH_INTERVAL = "30s";
    /** The connect and response deadline of a fetch. */
    String DEFAULT_TIMEOUT = "5s";
    /** The largest key set document accepted, in bytes (256 KiB). */
    int MAX_SIZE = 256 * 1024;

    /** @return the key set address; {@code https} (plain {@code http} only warns on loopback addresses) */
    @NonNull
    Optional<String> getUrl();

    /** @return a PEM CA certificate (the text, or a file path) trusted for the key set's TLS, instead of the JDK's */
    @NonNull
    Optional<String> getCaCert();

    /** @return how long a fetched set is used */
    @Bindable(defaultValue = DEFAULT_CACHE_TTL)
    @NonNull
    Duration getCacheTtl();

    /** @return the least time between two fetches (bounds refetches for unknown key ids) */
    @Bindable(defaultValue = DEFAULT_MIN_REFETCH_INTERVAL)
    @NonNull
    Duration getMinRefetchInterval();

    /** @return the connect and response deadline of a fetch */
    @Bindable(defaultValue = DEFAULT_TIMEOUT)
    @NonNull
    Duration getTimeout();
}
