package io.fx.micronaut.security.jwt;

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

import java.util.Date;

/**
 * The revocation step of token verification, after the signature and claims and before the hooks: a token
 * needs a {@code jti} ({@code TOKEN_NOT_REVOCABLE}) and a lifetime ({@code exp - iat}, or {@code exp - now}
 * without {@code iat}) within {@code fx.security.revocation.retain} ({@code INVALID_TOKEN}), then one
 * {@link Revoker#check} decides ({@code TOKEN_REVOKED}). A store that fails or times out answers 503
 * {@code REVOCATION_UNAVAILABLE} with a generic message; the cause is logged.
 */
final class RevocationCheck {

    private static final Logger LOG = LoggerFactory.getLogger(RevocationCheck.class);
    private static final String UNAVAILABLE = "token revocation cannot be checked right now";

    private final Revoker revoker;
    private final long retainMillis;

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
            throw refused(ErrorCode.TOKEN_NOT_REVOCABLE, "token has no jti claim; revocation needs one");
        }
        Date expiry = claims.getExpirationTime();
        long from = token.issuedAt() == null ? System.currentTimeMillis() : token.issuedAt().toEpochMilli();
        if (expiry == null || expiry.getTime() - from > retainMillis) {
            throw refused(ErrorCode.INVALID_TOKEN, "token lives longer than " + RevocationConfiguration.PREFIX + ".retain");
        }
        RevocationStatus status = lookup(context, jti, userId);
        if (status.refuses(token.issuedAt())) {
            throw refused(ErrorCode.TOKEN_REVOKED, "token revoked");
        }
    }

    private RevocationStatus lookup(RequestContext context, String jti, String userId) {
        RevocationStatus status;
        try {
            status = revoker.check(jti, userId);
        } catch (RuntimeException e) {
            LOG.warn("Request {}: the revocation store failed; the request is refused", context.getRequestId(), e);
            throw ErrorCode.REVOCATION_UNAVAILABLE.exception(UNAVAILABLE, null, e);
        }
        if (status == null) {
            LOG.warn("Request {}: the revocation store {} answered nothing; the request is refused",
                context.getRequestId(), revoker.getClass().getName());
            throw ErrorCode.REVOCATION_UNAVAILABLE.exception(UNAVAILABLE);
        }
        return status;
    }

    private static CredentialRefusedException refused(ErrorCode code, String message) {
        return new CredentialRefusedException(code, message, true, null);
    }
}
