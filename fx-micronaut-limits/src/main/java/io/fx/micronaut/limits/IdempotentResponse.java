package io.fx.micronaut.limits;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Arrays;
import java.util.Objects;

/**
 * A completed first answer as an {@link IdempotencyStore} keeps it, and as it is replayed: its status, its
 * {@code Location} and {@code Content-Type} headers and its body, byte for byte.
 *
 * @param status      the status, 2xx
 * @param location    the {@code Location} header, or null
 * @param contentType the {@code Content-Type}, or null when there is no body
 * @param body        the body bytes, empty when there is none
 * @since 0.7.0
 */
public record IdempotentResponse(int status, @Nullable String location, @Nullable String contentType,
                                 @NonNull byte[] body) {

    /**
     * @param status      the status
     * @param location    the location, or null
     * @param contentType the content type, or null
     * @param body        the body
     * @throws IllegalArgumentException when the status is not 2xx
     */
    public IdempotentResponse {
        Objects.requireNonNull(body, "body");
        if (status < 200 || status > 299) {
            throw new IllegalArgumentException("only a 2xx answer is kept, not " + status);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IdempotentResponse other && status == other.status
            && Objects.equals(location, other.location) && Objects.equals(contentType, other.contentType)
            && Arrays.equals(body, other.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, location, contentType) * 31 + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "IdempotentResponse[status=" + status + ", location=" + location + ", contentType=" + contentType
            + ", body=" + body.length + " bytes]";
    }
}
