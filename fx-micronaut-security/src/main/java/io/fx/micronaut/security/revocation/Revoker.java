package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The revocation store: revoked token ids ({@code jti}) and per-user cutoffs (logout-all). Exactly one
 * implementation is active, chosen by {@code fx.security.revocation.store} ({@code memory}, {@code redis},
 * {@code sql}); an application may also declare its own bean. With a store active, every bearer token is
 * looked up once per request, after its signature and claims are checked and before the token hooks run.
 *
 * <p>Contract, for every implementation:</p>
 * <ul>
 *     <li>times are kept to the millisecond; a token is cut off iff its {@code iat} lies before its user's
 *     cutoff (plus the clock skew for tokens of other issuers than {@link
 *     io.fx.micronaut.security.jwt.TokenIssuer}, {@link RevocationStatus#refuses(Instant, java.time.Duration)});</li>
 *     <li>a revoked token is remembered until its {@code exp}, a cutoff until its {@code retainUntil};
 *     after that the store may forget them;</li>
 *     <li>cutoffs only move forward: revoking a user with an earlier cutoff than the one stored keeps the
 *     stored one (its retention is extended when the new one is later);</li>
 *     <li>revoking twice is the same as revoking once;</li>
 *     <li>a store that cannot answer (down, slow past {@code fx.security.revocation.timeout}) throws
 *     {@link RevocationUnavailableException}; the request is then refused with 503
 *     {@code REVOCATION_UNAVAILABLE} (fail closed).</li>
 * </ul>
 *
 * @since 0.5.0
 */
public interface Revoker {

    /**
     * Revokes one token.
     *
     * @param jti       the token's id
     * @param expiresAt the token's {@code exp}; the entry is kept until then
     * @throws RevocationUnavailableException when the store cannot be written
     */
    void revokeToken(@NonNull String jti, @NonNull Instant expiresAt);

    /**
     * Revokes every token of a user issued before the cutoff.
     *
     * @param userId      the user
     * @param cutoff      tokens issued ({@code iat}) before this instant are refused
     * @param retainUntil the cutoff is kept until then; it must lie after the {@code exp} of the longest-lived
     *                    token it blocks
     * @throws RevocationUnavailableException when the store cannot be written
     */
    void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil);

    /**
     * @param jti a token id
     * @return whether the token is revoked (and not yet expired)
     * @throws RevocationUnavailableException when the store cannot be read
     */
    boolean isTokenRevoked(@NonNull String jti);

    /**
     * @param userId a user
     * @return the user's cutoff, if one is retained
     * @throws RevocationUnavailableException when the store cannot be read
     */
    @NonNull
    Optional<Instant> userCutoff(@NonNull String userId);

    /**
     * Both lookups at once, in one round trip where the store allows it; this is what a request costs.
     *
     * @param jti    the token id
     * @param userId the token's user
     * @return what the store knows of the token and its user
     * @throws RevocationUnavailableException when the store cannot be read
     */
    @NonNull
    default RevocationStatus check(@NonNull String jti, @NonNull String userId) {
        return new RevocationStatus(isTokenRevoked(jti), userCutoff(userId).orElse(null));
    }

    /**
     * Starts {@link #check} without blocking the calling thread, for a store that can (one whose lookups run on
     * threads of its own, or are network round trips answered on another thread). A request whose token was
     * verified recently has its lookup started this way before the request is routed; the request's pipeline
     * starts once the stage has completed ({@link io.fx.micronaut.web.PipelineGate}), so no thread waits for
     * it, and the verifier uses the answer in its usual place, after the signature and claims. As with {@link
     * #check}, the lookup must begin after the call. A stage completed exceptionally, or not completed within
     * {@code fx.security.revocation.timeout} (the request stops waiting then), refuses the request with 503
     * {@code REVOCATION_UNAVAILABLE}; so does an exception thrown here, by the blocking {@link #check} that
     * then runs in its place.
     *
     * @param jti    the token id
     * @param userId the token's user
     * @return the check under way; empty when the store only checks by blocking (the default), in which case
     * {@link #check} runs when the token is verified
     * @since 0.6.0
     */
    @NonNull
    default Optional<CompletionStage<RevocationStatus>> checkAsync(@NonNull String jti, @NonNull String userId) {
        return Optional.empty();
    }
}
