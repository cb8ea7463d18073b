package io.fx.micronaut.security.event;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * A login failed ({@code LoginAttempts.attempt}): its credentials were wrong, or it was refused before they were
 * checked because the account or the address is past its failed-login limit.
 *
 * @param account       the account the caller named (whether it exists or not)
 * @param clientAddress the caller's IP address, if known
 * @param requestId     the request id of the login
 * @param throttled     whether the login was refused by the limits (429) rather than by its credentials
 * @param at            when
 * @since 0.7.0
 */
public record LoginFailedEvent(@NonNull String account, @Nullable String clientAddress, @NonNull String requestId,
                               boolean throttled, @NonNull Instant at) {
}
