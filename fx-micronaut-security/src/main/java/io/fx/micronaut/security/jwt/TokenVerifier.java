package io.fx.micronaut.security.jwt;

import io.fx.micronaut.security.SecurityErrorCodes;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.BadJWSException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.fx.micronaut.security.CredentialRefusedException;

import java.text.ParseException;

/**
 * Parses a compact token and verifies its signature with Nimbus, refusing unsigned ({@code alg: none})
 * and encrypted tokens and every algorithm outside the configured key families. Claims are not
 * checked here ({@link ClaimChecks} does); the {@code iat} is read to the millisecond, and an HMAC token with
 * {@link TokenIssuer}'s {@code kid} is marked as issued on this server's clock ({@link VerifiedToken}).
 */
final class TokenVerifier {

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final KeyFamilies keys;
    private final int secretLength;

    TokenVerifier(KeyFamilies keys, int secretLength) {
        this.keys = keys;
        this.secretLength = secretLength;
        processor.setJWSKeySelector(keys);
        processor.setJWTClaimsSetVerifier((claims, context) -> { });
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT,
            new JOSEObjectType("at+jwt"), null));
    }

    VerifiedToken verify(String token) {
        JWT jwt;
        try {
            jwt = JWTParser.parse(token);
        } catch (ParseException e) {
            throw refused("malformed token", e);
        }
        if (jwt instanceof EncryptedJWT) {
            throw refused("encrypted tokens are not accepted", null);
        }
        if (!(jwt instanceof SignedJWT signed)) {
            throw refused("unsigned tokens are not accepted", null);
        }
        JWSAlgorithm algorithm = signed.getHeader().getAlgorithm();
        if (!keys.accepted().contains(algorithm)) {
            throw refused("algorithm " + algorithm.getName() + " is not accepted", null);
        }
        if (JWSAlgorithm.Family.HMAC_SHA.contains(algorithm) && secretLength * 8 < minimumBits(algorithm)) {
            throw refused("the secret is too short for " + algorithm.getName(), null);
        }
        JWTClaimsSet claims;
        try {
            claims = processor.process(signed, null);
        } catch (KeySetUnavailableException e) {
            throw SecurityErrorCodes.JWKS_UNAVAILABLE.exception("the key set is unavailable", null, e);
        } catch (UnknownKeyException e) {
            throw refused("unknown key id", e);
        } catch (BadJWSException e) {
            throw refused("invalid signature", e);
        } catch (BadJOSEException e) {
            throw refused("token type not accepted", e);
        } catch (JOSEException e) {
            throw refused("invalid signature", e);
        }
        boolean serverClock = JWSAlgorithm.Family.HMAC_SHA.contains(algorithm)
            && TokenIssuer.KEY_ID.equals(signed.getHeader().getKeyID());
        return new VerifiedToken(claims, VerifiedToken.issuedAt(signed.getPayload().toJSONObject().get("iat")),
            serverClock);
    }

    private static int minimumBits(JWSAlgorithm algorithm) {
        return JWSAlgorithm.HS512.equals(algorithm) ? 512 : JWSAlgorithm.HS384.equals(algorithm) ? 384 : 256;
    }

    private static CredentialRefusedException refused(String message, Throwable cause) {
        return new CredentialRefusedException(SecurityErrorCodes.INVALID_TOKEN, message, true, cause);
    }
}
