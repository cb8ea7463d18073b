package io.fx.micronaut.security.event;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * A login passed its credential check ({@code LoginAttempts.attempt}).
 *
 * @param account       the account the caller named
 * @param clientAddress the caller's IP address, if known
 * @param requestId     the request id of the login
 * @param at            when
 * @since 0.7.0
 */
public record LoginSucceededEvent(@NonNull String account, @Nullable String clientAddress, @NonNull String requestId,
                                  @NonNull Instant at) {
}
