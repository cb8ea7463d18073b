package io.fx.micronaut.limits;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Idempotent creates, under {@code fx.idempotency}. Setting {@code store} registers the idempotency middleware on
 * the Deserialize step at position {@code AFTER} for the creates of {@code models} (every model's when empty); the
 * other values are also the defaults of {@link FxLimits#idempotency} registrations.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(IdempotencyConfiguration.PREFIX)
public interface IdempotencyConfiguration {

    /** The prefix. */
    String PREFIX = "fx.idempotency";
    /** The default time to live of a completed answer. */
    String DEFAULT_TTL = "24h";
    /** The default time an unfinished first request holds its key. */
    String DEFAULT_LOCK_TIMEOUT = "30s";
    /** The default time a concurrent request waits for the first one to finish. */
    String DEFAULT_WAIT = "10s";
    /** The default bound of the in-memory store. */
    String DEFAULT_MAX_ENTRIES = "100000";
    /** The default Redis command timeout. */
    String DEFAULT_TIMEOUT = "1s";

    /**
     * @return {@code memory} or {@code redis}: the store of configured registrations and of programmatic ones
     *     without a store of their own; unset, nothing is registered from configuration (programmatic
     *     registrations then keep their entries in memory)
     */
    @NonNull
    Optional<String> getStore();

    /** @return the models whose creates are guarded from configuration; empty (or unset) for every model */
    @NonNull
    Optional<List<String>> getModels();

    /** @return the models whose creates are refused without an {@code Idempotency-Key} header */
    @NonNull
    Optional<List<String>> getHeaderRequired();

    /** @return how long a completed answer is replayed (24 h by default) */
    @Bindable(defaultValue = DEFAULT_TTL)
    @NonNull
    Duration getTtl();

    /**
     * @return how long a first request holds its key before another may claim it (30 s by default): a process
     *     that dies mid-request leaves no key locked for longer
     */
    @Bindable(defaultValue = DEFAULT_LOCK_TIMEOUT)
    @NonNull
    Duration getLockTimeout();

    /** @return how long a request waits for a concurrent first one with the same key (10 s by default) */
    @Bindable(defaultValue = DEFAULT_WAIT)
    @NonNull
    Duration getWait();

    /** @return the most entries the in-memory store keeps (100,000 by default); the least recent go first */
    @Bindable(defaultValue = DEFAULT_MAX_ENTRIES)
    long getMaxEntries();

    /** @return how long one Redis command may take, connecting included (1 s by default) */
    @Bindable(defaultValue = DEFAULT_TIMEOUT)
    @NonNull
    Duration getTimeout();
}
