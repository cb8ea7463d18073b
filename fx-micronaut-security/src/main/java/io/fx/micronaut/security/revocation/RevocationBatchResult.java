package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * What one {@link RevocationBatchLookup} found.
 *
 * @param revokedTokens the looked-up token ids that are revoked (and not yet expired)
 * @param userCutoffs   the looked-up users that have a retained cutoff, with it
 * @since 0.6.0
 */
public record RevocationBatchResult(@NonNull Set<String> revokedTokens, @NonNull Map<String, Instant> userCutoffs) {

    /**
     * @param jti    a looked-up token id
     * @param userId a looked-up user
     * @return what the lookup says of that token and user
     */
    @NonNull
    public RevocationStatus status(@NonNull String jti, @NonNull String userId) {
        return new RevocationStatus(revokedTokens.contains(jti), userCutoffs.get(userId));
    }
}
