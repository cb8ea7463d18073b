package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;

import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * One batched lookup of a remote store: what it knows of several tokens and users, in one round trip. A
 * {@link RevocationBatcher} calls it with the checks that arrived together; the store answers for all of them.
 *
 * @since 0.6.0
 */
@FunctionalInterface
public interface RevocationBatchLookup {

    /**
     * Starts the lookup. It may complete on any thread; a failure (exceptional completion or a thrown
     * exception) refuses every check of the batch with {@link RevocationUnavailableException}.
     *
     * @param jtis    the token ids to look up, distinct, never empty
     * @param userIds the users to look up, distinct, never empty
     * @return the revoked tokens among {@code jtis} and the cutoffs retained for {@code userIds}
     */
    @NonNull
    CompletionStage<RevocationBatchResult> lookup(@NonNull Set<String> jtis, @NonNull Set<String> userIds);
}
