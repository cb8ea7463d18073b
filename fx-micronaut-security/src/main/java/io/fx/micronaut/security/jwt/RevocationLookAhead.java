package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.revocation.RevocationStatus;

import java.util.concurrent.CompletableFuture;

/**
 * A revocation lookup started before routing for a recently verified token (see {@link RevocationLookAheadFilter}),
 * kept on the request for the verifier.
 *
 * @param token  the verified token it was started for (the very instance the verifier must then hold)
 * @param jti    the token id looked up
 * @param userId the user looked up
 * @param status the lookup's answer
 */
record RevocationLookAhead(VerifiedToken token, String jti, String userId, CompletableFuture<RevocationStatus> status) {

    /** The request attribute holding it. */
    static final String ATTRIBUTE = "io.fx.micronaut.security.revocation-look-ahead";

    /**
     * @return whether it answers the verifier's lookup of this token and user: the same verified token (a token
     * verified again in between gets a lookup of its own), token id and user
     */
    boolean answers(VerifiedToken verified, String jti, String userId) {
        return token == verified && this.jti.equals(jti) && this.userId.equals(userId);
    }
}
