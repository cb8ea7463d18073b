package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.SecurityErrorCodes;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.Revoker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Date;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * The revocation step of token verification, after the signature and claims and before the hooks: a token
 * needs a {@code jti} ({@code TOKEN_NOT_REVOCABLE}) and a lifetime ({@code exp - iat}, or {@code exp - now}
 * without {@code iat}) within {@code fx.security.revocation.retain} ({@code INVALID_TOKEN}), then one
 * {@link Revoker#check} decides ({@code TOKEN_REVOKED}). A user's cutoff (logout-all) refuses the module's own
 * tokens ({@link TokenIssuer}, on this server's clock) issued before it, and other issuers' tokens issued before it
 * plus the clock skew, since their clock may run that far ahead: a token minted before a logout-all is refused
 * after it whatever its {@code iat}, and another issuer's new tokens pass once the skew has passed. A store that fails or times out answers 503
 * {@code REVOCATION_UNAVAILABLE} with a generic message; the cause is logged.
 */
final class RevocationCheck {

    private static final Logger LOG = LoggerFactory.getLogger(RevocationCheck.class);
    private static final String UNAVAILABLE = "token revocation cannot be checked right now";

    private final Revoker revoker;
    private final long retainMillis;
    private final long timeoutNanos;
    private final Duration skew;

    /**
     * @param revoker       the store
     * @param revocation    the revocation configuration
     * @param configuration the bearer configuration
     * @throws FxConfigurationException when tokens without expiry are allowed: they could never be forgotten
     */
    RevocationCheck(Revoker revoker, RevocationConfiguration revocation, JwtConfiguration configuration) {
        if (configuration.isAllowNoExpiry()) {
            throw new FxConfigurationException(JwtConfiguration.PREFIX + ".allow-no-expiry cannot be combined with "
                + RevocationConfiguration.STORE + ": revoked tokens and cutoffs are kept until the tokens expire");
        }
        this.revoker = revoker;
        this.retainMillis = revocation.getRetain().toMillis();
        this.timeoutNanos = revocation.getTimeout().toNanos();
        this.skew = configuration.getClockSkew();
    }

    /**
     * @param context  the request (for the log)
     * @param token    the verified token, its claims checked
     * @param userId   the token's user
     * @throws CredentialRefusedException when the token cannot be revoked, lives too long or is revoked
     * @throws io.fx.micronaut.exception.FxException 503 {@code REVOCATION_UNAVAILABLE} when the store fails
     */
    void check(RequestContext context, VerifiedToken token, String userId) {
        JWTClaimsSet claims = token.claims();
        String jti = claims.getJWTID();
        if (jti == null || jti.isBlank()) {
            throw refused(SecurityErrorCodes.TOKEN_NOT_REVOCABLE, "token has no jti claim; revocation needs one");
        }
        if (!livesWithinRetain(token)) {
            throw refused(SecurityErrorCodes.INVALID_TOKEN, "token lives longer than " + RevocationConfiguration.PREFIX + ".retain");
        }
        RevocationStatus status = lookup(context, token, jti, userId);
        if (status.refuses(token.issuedAt(), token.serverClock() ? Duration.ZERO : skew)) {
            throw refused(SecurityErrorCodes.TOKEN_REVOKED, "token revoked");
        }
    }

    /**
     * Starts the lookup of a token that {@link #check} would look up, when the store can without blocking.
     *
     * @param token  a verified token
     * @param userId the token's user
     * @return the lookup under way; empty when the token would be refused before its lookup, or the store
     * only checks by blocking
     */
    Optional<RevocationLookAhead> startLookup(VerifiedToken token, String userId) {
        String jti = token.claims().getJWTID();
        if (jti == null || jti.isBlank() || !livesWithinRetain(token)) {
            return Optional.empty();
        }
        Optional<CompletionStage<RevocationStatus>> started;
        try {
            started = revoker.checkAsync(jti, userId);
        } catch (RuntimeException e) {
            LOG.debug("The revocation look-ahead could not start; the verifier looks the token up itself", e);
            return Optional.empty();
        }
        return started.map(answer -> new RevocationLookAhead(token,
            answer.toCompletableFuture().orTimeout(timeoutNanos, TimeUnit.NANOSECONDS)));
    }

    private boolean livesWithinRetain(VerifiedToken token) {
        Date expiry = token.claims().getExpirationTime();
        long from = token.issuedAt() == null ? System.currentTimeMillis() : token.issuedAt().toEpochMilli();
        return expiry != null && expiry.getTime() - from <= retainMillis;
    }

    /** The look-ahead's answer when it was started for this very token, else a lookup now. */
    private RevocationStatus lookup(RequestContext context, VerifiedToken token, String jti, String userId) {
        RevocationLookAhead ahead = context.getRequest()
            .flatMap(request -> request.getAttribute(RevocationLookAhead.ATTRIBUTE, RevocationLookAhead.class))
            .filter(started -> started.token() == token)
            .orElse(null);
        RevocationStatus status;
        try {
            status = ahead == null ? revoker.check(jti, userId) : ahead.status().join();
        } catch (RuntimeException e) {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            LOG.warn("Request {}: the revocation store failed; the request is refused", context.getRequestId(), cause);
            throw SecurityErrorCodes.REVOCATION_UNAVAILABLE.exception(UNAVAILABLE, null, cause);
        }
        if (status == null) {
            LOG.warn("Request {}: the revocation store {} answered nothing; the request is refused",
                context.getRequestId(), revoker.getClass().getName());
            throw SecurityErrorCodes.REVOCATION_UNAVAILABLE.exception(UNAVAILABLE);
        }
        return status;
    }

    private static CredentialRefusedException refused(ErrorCode code, String message) {
        return new CredentialRefusedException(code, message, true, null);
    }
}
