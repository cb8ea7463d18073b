package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KeyStrengthTest {

    @Test
    void rsaKeysNeed2048Bits() throws Exception {
        assertEquals(Optional.empty(), KeyStrength.weakness(new RSAKeyGenerator(2048).generate().toPublicJWK()));
        assertEquals(Optional.of("an RSA key of 1024 bits (at least 2048 needed)"),
            KeyStrength.weakness(new RSAKeyGenerator(1024, true).generate().toPublicJWK()));
    }

    @Test
    void ecKeysMustBeOnTheCurvesOfRfc7518() throws Exception {
        for (Curve curve : new Curve[] {Curve.P_256, Curve.P_384, Curve.P_521}) {
            assertEquals(Optional.empty(), KeyStrength.weakness(new ECKeyGenerator(curve).generate().toPublicJWK()));
        }
        // secp256k1's base point: the JDK no longer generates keys on that curve
        ECKey k1 = new ECKey.Builder(Curve.SECP256K1,
            Base64URL.encode(new BigInteger("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798", 16)),
            Base64URL.encode(new BigInteger("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8", 16)))
            .build();
        assertEquals(Optional.of("an EC key on secp256k1 (only P-256, P-384 and P-521)"), KeyStrength.weakness(k1));
        assertEquals("an EC key on an unknown curve (only P-256, P-384 and P-521)", KeyStrength.onCurve(null));
    }
}
