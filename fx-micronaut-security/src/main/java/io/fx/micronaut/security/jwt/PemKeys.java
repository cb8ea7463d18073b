package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import io.fx.micronaut.exception.FxConfigurationException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;

/** Reads PEM public keys and CA certificates with the JDK alone. */
final class PemKeys {

    private static final String PEM_BEGIN = "-----BEGIN";

    private PemKeys() {
    }

    /**
     * @param pem      a {@code PUBLIC KEY} PEM block (RSA or EC)
     * @param property the configuration key, for the error
     * @return the key as a JWK
     * @throws FxConfigurationException naming the key when it is no PEM public key, or one RFC 7518 does not let
     *     verify signatures ({@link KeyStrength}: RSA under 2048 bits, EC off P-256, P-384 and P-521)
     */
    static JWK publicKey(String pem, String property) {
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").trim());
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(property + " is not a PEM public key");
        }
        JWK key = jwk(parse(der, property), property);
        KeyStrength.weakness(key).ifPresent(weakness -> {
            throw new FxConfigurationException(property + " is " + weakness + ", which RFC 7518 does not let verify"
                + " signatures");
        });
        return key;
    }

    private static PublicKey parse(byte[] der, String property) {
        for (String algorithm : new String[] {"RSA", "EC"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(der));
            } catch (GeneralSecurityException | RuntimeException e) {
                // try the next family
            }
        }
        throw new FxConfigurationException(property + " is not a PEM public key of an RSA or EC key");
    }

    private static JWK jwk(PublicKey key, String property) {
        if (key instanceof RSAPublicKey rsa) {
            return new RSAKey.Builder(rsa).build();
        }
        ECPublicKey ec = (ECPublicKey) key;
        Curve curve = Curve.forECParameterSpec(ec.getParams());
        if (curve == null) {
            throw new FxConfigurationException(property + " is " + KeyStrength.onCurve(null)
                + ", which RFC 7518 does not let verify signatures");
        }
        return new ECKey.Builder(curve, ec).build();
    }

    /**
     * @param value    PEM text, or the path of a PEM file
     * @param property the configuration key, for the error
     * @return the PEM text
     */
    static String text(String value, String property) {
        if (value.strip().startsWith(PEM_BEGIN)) {
            return value;
        }
        try {
            return Files.readString(Path.of(value.strip()), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            throw new FxConfigurationException(property + ": cannot read the PEM file " + value.strip());
        }
    }

    /**
     * @param pem      one or more {@code CERTIFICATE} PEM blocks
     * @param property the configuration key, for the error
     * @return a trust store holding them
     */
    static KeyStore trustStore(String pem, String property) {
        try {
            Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
            if (certificates.isEmpty()) {
                throw new FxConfigurationException(property + " holds no certificate");
            }
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate certificate : certificates) {
                store.setCertificateEntry("ca-" + i++, certificate);
            }
            return store;
        } catch (GeneralSecurityException | IOException e) {
            throw new FxConfigurationException(property + " is not a PEM certificate: " + e.getMessage());
        }
    }
}
