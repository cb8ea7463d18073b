package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.revocation.RevocationStatus;

import java.util.concurrent.CompletableFuture;

/**
 * A revocation lookup started before routing for a recently verified token (see {@link RevocationLookAheadFilter}),
 * kept on the request for the verifier. It answers the verifier only for the very {@link VerifiedToken} instance
 * it was started for (whose token id and user it looked up); a token verified again in between gets a lookup of
 * its own.
 *
 * @param token  the verified token it was started for
 * @param status the lookup's answer
 */
record RevocationLookAhead(VerifiedToken token, CompletableFuture<RevocationStatus> status) {

    /** The request attribute holding it. */
    static final String ATTRIBUTE = "io.fx.micronaut.security.revocation-look-ahead";
}
