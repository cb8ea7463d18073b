package io.fx.micronaut.security.event;

import io.micronaut.core.annotation.NonNull;

import java.time.Instant;

/**
 * A caller logged out everywhere ({@code POST {prefix}/logout-all}): every token of its user issued before the
 * cutoff is revoked.
 *
 * @param userId    the caller's user id
 * @param requestId the request id
 * @param cutoff    tokens issued before it are refused
 * @since 0.7.0
 */
public record LogoutAllEvent(@NonNull String userId, @NonNull String requestId, @NonNull Instant cutoff) {
}
