package io.fx.micronaut.security.event;

import io.micronaut.core.annotation.NonNull;

import java.time.Instant;

/**
 * A caller logged out ({@code POST {prefix}/logout}): its token is revoked.
 *
 * @param userId    the caller's user id
 * @param requestId the request id
 * @param at        when
 * @since 0.7.0
 */
public record LogoutEvent(@NonNull String userId, @NonNull String requestId, @NonNull Instant at) {
}
