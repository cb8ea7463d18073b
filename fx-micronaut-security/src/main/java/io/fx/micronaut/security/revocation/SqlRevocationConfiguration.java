package io.fx.micronaut.security.revocation;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * The SQL store ({@code fx.security.revocation.store: sql}), under {@code fx.security.revocation.sql}.
 *
 * @since 0.5.0
 */
@ConfigurationProperties(SqlRevocationConfiguration.PREFIX)
public interface SqlRevocationConfiguration {

    /** The prefix. */
    String PREFIX = RevocationConfiguration.PREFIX + ".sql";
    /** The property holding how many batched lookups may be under way at once. */
    String LOOKUPS_IN_FLIGHT = PREFIX + ".lookups-in-flight";
    /** The default number of writes between two sweeps of expired rows. */
    int DEFAULT_SWEEP_EVERY = 128;

    /**
     * @return prepended to the table names {@code revoked_token} and {@code revoked_user}: up to 32 of
     * {@code a-z}, {@code 0-9} and {@code _}; anything else fails startup
     */
    @Bindable(defaultValue = "")
    @NonNull
    String getTablePrefix();

    /** @return after how many writes an instance deletes the expired rows; 0 never (call {@link SqlRevoker#prune()}) */
    @Bindable(defaultValue = "128")
    int getSweepEvery();

    /**
     * @return how many batched lookups may be under way at once, 0 to 16. With 1 or more, the checks that arrive
     * while a lookup runs wait for the next one, which answers them all with one statement (one round trip, one
     * connection); 0 runs one statement per check instead, on up to 16 connections at once. Unset: 1 on a
     * database server (PostgreSQL), 0 on an embedded database (H2), where a statement is no round trip and
     * checks in parallel are faster
     */
    @Nullable
    Integer getLookupsInFlight();
}
