package io.fx.micronaut.limits;

import io.micronaut.core.annotation.NonNull;

import java.util.Objects;

/**
 * What {@link IdempotencyStore#claim} found for an entry: nothing, so the caller now holds it ({@link Claimed});
 * a first request still running ({@link InFlight}); or its completed answer ({@link Completed}).
 *
 * @since 0.7.0
 */
public sealed interface IdempotencyClaim
    permits IdempotencyClaim.Claimed, IdempotencyClaim.InFlight, IdempotencyClaim.Completed {

    /** @return the fingerprint (SHA-256 of the body, hex) of the request that claimed the entry first */
    @NonNull
    String fingerprint();

    /**
     * The entry was absent and is now the caller's, until it completes or releases it or the lock times out.
     *
     * @param token       identifies this claim, so only its holder can complete or release it
     * @param fingerprint the caller's fingerprint
     */
    record Claimed(@NonNull String token, @NonNull String fingerprint) implements IdempotencyClaim {
        /** Checks both are present. */
        public Claimed {
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(fingerprint, "fingerprint");
        }
    }

    /**
     * Another request holds the entry and has not finished.
     *
     * @param fingerprint that request's fingerprint
     */
    record InFlight(@NonNull String fingerprint) implements IdempotencyClaim {
        /** Checks it is present. */
        public InFlight {
            Objects.requireNonNull(fingerprint, "fingerprint");
        }
    }

    /**
     * The first request completed with a 2xx answer, still within its time to live.
     *
     * @param fingerprint the first request's fingerprint
     * @param response    its answer
     */
    record Completed(@NonNull String fingerprint, @NonNull IdempotentResponse response) implements IdempotencyClaim {
        /** Checks both are present. */
        public Completed {
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(response, "response");
        }
    }
}
