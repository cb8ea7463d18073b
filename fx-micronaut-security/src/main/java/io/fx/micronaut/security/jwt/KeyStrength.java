package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;

import java.util.Optional;
import java.util.Set;

/**
 * The keys RFC 7518 lets verify signatures (sections 3.3 and 3.4): RSA keys of at least 2048 bits, EC keys on
 * P-256, P-384 or P-521. A configured key that is not fails startup; a key set's is dropped with a warning.
 */
final class KeyStrength {

    /** The smallest RSA modulus, in bits. */
    static final int MIN_RSA_BITS = 2048;
    private static final Set<Curve> CURVES = Set.of(Curve.P_256, Curve.P_384, Curve.P_521);

    private KeyStrength() {
    }

    /**
     * @param key a public key
     * @return why it may not verify tokens, such as {@code an RSA key of 1024 bits (at least 2048 needed)}; empty
     * when it may (keys of other types are left to the key selection, which never picks them)
     */
    static Optional<String> weakness(JWK key) {
        if (key instanceof RSAKey rsa && rsa.size() < MIN_RSA_BITS) {
            return Optional.of("an RSA key of " + rsa.size() + " bits (at least " + MIN_RSA_BITS + " needed)");
        }
        if (key instanceof ECKey ec && !CURVES.contains(ec.getCurve())) {
            return Optional.of(onCurve(ec.getCurve()));
        }
        return Optional.empty();
    }

    /**
     * @param curve an EC key's curve, or null when it is none Nimbus knows
     * @return the weakness of an EC key on it
     */
    static String onCurve(Curve curve) {
        return "an EC key on " + (curve == null ? "an unknown curve" : curve.getName())
            + " (only P-256, P-384 and P-521)";
    }
}
