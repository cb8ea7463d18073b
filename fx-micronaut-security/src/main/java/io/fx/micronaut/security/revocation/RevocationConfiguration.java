package io.fx.micronaut.security.revocation;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.Optional;

/**
 * Token revocation, under {@code fx.security.revocation}. Off unless {@link #getStore() store} is set.
 *
 * @since 0.5.0
 */
@ConfigurationProperties(RevocationConfiguration.PREFIX)
public interface RevocationConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.revocation";
    /** The property that chooses the store. */
    String STORE = PREFIX + ".store";
    /** The in-process store: per instance, lost at restart. */
    String MEMORY = "memory";
    /** The Redis store (micronaut-redis-lettuce). */
    String REDIS = "redis";
    /** The SQL store, on the application's data source. */
    String SQL = "sql";
    /** The longest a lookup or write may take before the store counts as unavailable. */
    String DEFAULT_TIMEOUT = "1s";
    /** How long a token may live ({@code exp - iat}) and how long logout-all cutoffs are kept. */
    String DEFAULT_RETAIN = "24h";

    /** @return the store: {@code memory}, {@code redis} or {@code sql}; unset, revocation is off */
    @NonNull
    Optional<String> getStore();

    /** @return the deadline of one lookup or write; past it the store counts as unavailable (503) */
    @Bindable(defaultValue = DEFAULT_TIMEOUT)
    @NonNull
    Duration getTimeout();

    /**
     * @return how long a logout-all cutoff is kept; tokens living longer ({@code exp - iat}) are refused, since a
     * cutoff must outlive every token it blocks
     */
    @Bindable(defaultValue = DEFAULT_RETAIN)
    @NonNull
    Duration getRetain();
}
