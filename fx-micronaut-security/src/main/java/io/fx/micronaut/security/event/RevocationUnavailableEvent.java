package io.fx.micronaut.security.event;

import io.micronaut.core.annotation.NonNull;

import java.time.Instant;

/**
 * The revocation store could not answer in time or failed: a lookup (the request was refused with 503
 * {@code REVOCATION_UNAVAILABLE}, fail closed) or a logout's write (nothing was revoked).
 *
 * @param operation what the store was asked: {@code lookup}, {@code logout} or {@code logout-all}
 * @param requestId the request id
 * @param at        when
 * @since 0.7.0
 */
public record RevocationUnavailableEvent(@NonNull String operation, @NonNull String requestId, @NonNull Instant at) {
}
