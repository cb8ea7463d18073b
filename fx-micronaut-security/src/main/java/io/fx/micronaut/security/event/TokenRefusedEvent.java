package io.fx.micronaut.security.event;

import io.micronaut.core.annotation.NonNull;

import java.time.Instant;

/**
 * An authenticator refused the credential a request presented (a bearer token, a session cookie, an API key): a
 * bad signature, an expired or revoked token, an unknown key. A request that presents no credential is not one.
 *
 * @param code      the error code the request was answered with, such as {@code TOKEN_EXPIRED}
 * @param method    the HTTP method
 * @param path      the request path
 * @param requestId the request id
 * @param at        when
 * @since 0.7.0
 */
public record TokenRefusedEvent(@NonNull String code, @NonNull String method, @NonNull String path,
                                @NonNull String requestId, @NonNull Instant at) {
}
