package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What a {@link Revoker} knows of one token and its user.
 *
 * @param tokenRevoked whether the token itself is revoked
 * @param userCutoff   the user's cutoff (tokens issued before it are refused), or null when none is retained
 * @since 0.5.0
 */
public record RevocationStatus(boolean tokenRevoked, @Nullable Instant userCutoff) {

    /**
     * @param issuedAt the token's {@code iat} (to the millisecond), or null when it has none
     * @return whether a token issued then is refused: revoked itself, issued before its user's cutoff, or
     * without {@code iat} while its user has a cutoff
     */
    public boolean refuses(@Nullable Instant issuedAt) {
        return refuses(issuedAt, Duration.ZERO);
    }

    /**
     * @param issuedAt the token's {@code iat} (to the millisecond), or null when it has none
     * @param skew     how far the token's issuer's clock may run ahead of this server's: its token counts as
     *                 issued before the cutoff until its {@code iat} lies that far past it ({@link Duration#ZERO}
     *                 for tokens issued on this server's clock)
     * @return whether a token issued then is refused: revoked itself, issued before its user's cutoff plus the
     * skew, or without {@code iat} while its user has a cutoff
     * @since 0.7.0
     */
    public boolean refuses(@Nullable Instant issuedAt, @NonNull Duration skew) {
        if (tokenRevoked) {
            return true;
        }
        if (userCutoff == null) {
            return false;
        }
        return issuedAt == null || issuedAt.isBefore(userCutoff.plus(skew));
    }

    /** @return the user's cutoff, if any */
    @NonNull
    public Optional<Instant> findUserCutoff() {
        return Optional.ofNullable(userCutoff);
    }
}
