package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.jwk.JWK;
import io.fx.micronaut.exception.FxConfigurationException;

import javax.crypto.spec.SecretKeySpec;
import java.security.Key;
import java.util.HashMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Selects verification keys only from the families the configuration names: HMAC tokens meet the
 * secret alone, RSA and EC tokens the public key and the key set; every other algorithm ({@code none},
 * an HMAC token against an RSA key) finds no key.
 */
final class KeyFamilies implements JWSKeySelector<SecurityContext> {

    private final Set<JWSAlgorithm> accepted;
    private final Map<JWSAlgorithm, Key> local = new HashMap<>();
    private final JWSVerificationKeySelector<SecurityContext> remote;

    /**
     * @param secret      the HMAC secret, or null
     * @param publicKey   the static public key, or null
     * @param keySet      the key set, or null
     * @param algorithms  the configured algorithms, empty for every one the keys can verify
     */
    KeyFamilies(byte[] secret, JWK publicKey, JWKSource<SecurityContext> keySet, List<String> algorithms) {
        Set<JWSAlgorithm> possible = new LinkedHashSet<>();
        if (secret != null) {
            possible.addAll(JWSAlgorithm.Family.HMAC_SHA);
        }
        if (publicKey != null) {
            possible.addAll(publicKey.getKeyType() == KeyType.RSA ? JWSAlgorithm.Family.RSA : JWSAlgorithm.Family.EC);
        }
        if (keySet != null) {
            possible.addAll(JWSAlgorithm.Family.RSA);
            possible.addAll(JWSAlgorithm.Family.EC);
        }
        possible.removeIf(a -> a.getName().startsWith("PS") || a.equals(JWSAlgorithm.ES256K));
        this.accepted = accepted(possible, algorithms);
        if (secret != null) {
            addLocal(JWSAlgorithm.Family.HMAC_SHA, new SecretKeySpec(secret, "HmacSHA256"));
        }
        if (publicKey != null) {
            addLocal(publicKey.getKeyType() == KeyType.RSA ? JWSAlgorithm.Family.RSA : JWSAlgorithm.Family.EC,
                publicKey(publicKey));
        }
        JWSVerificationKeySelector<SecurityContext> remoteSelector = null;
        if (keySet != null) {
            Set<JWSAlgorithm> asymmetric = new HashSet<>(JWSAlgorithm.Family.RSA);
            asymmetric.addAll(JWSAlgorithm.Family.EC);
            remoteSelector = selector(asymmetric, keySet);
        }
        this.remote = remoteSelector;
    }

    /** @return the algorithms a token may use */
    Set<JWSAlgorithm> accepted() {
        return accepted;
    }

    @Override
    public List<? extends Key> selectJWSKeys(JWSHeader header, SecurityContext context) throws KeySourceException {
        List<Key> keys = new ArrayList<>(2);
        Key key = local.get(header.getAlgorithm());
        if (key != null) {
            keys.add(key);
        }
        if (remote != null && remote.isAllowed(header.getAlgorithm())) {
            try {
                keys.addAll(remote.selectJWSKeys(header, context));
            } catch (KeySetUnavailableException e) {
                if (keys.isEmpty()) {
                    throw e;
                }
            }
        }
        if (keys.isEmpty()) {
            throw new UnknownKeyException();
        }
        return keys;
    }

    /** A configured key has no {@code kid} to match: it serves every accepted algorithm of its family. */
    private void addLocal(Set<JWSAlgorithm> family, Key key) {
        for (JWSAlgorithm algorithm : family) {
            if (accepted.contains(algorithm)) {
                local.put(algorithm, key);
            }
        }
    }

    private static Key publicKey(JWK key) {
        try {
            return key instanceof RSAKey rsa ? rsa.toRSAPublicKey() : ((ECKey) key).toECPublicKey();
        } catch (JOSEException e) {
            throw new FxConfigurationException("The configured public key cannot be used: " + e.getMessage());
        }
    }

    private JWSVerificationKeySelector<SecurityContext> selector(Set<JWSAlgorithm> family, JWKSource<SecurityContext> source) {
        Set<JWSAlgorithm> algorithms = new HashSet<>(family);
        algorithms.retainAll(accepted);
        return new JWSVerificationKeySelector<>(algorithms.isEmpty() ? Set.of(JWSAlgorithm.parse("none-accepted")) : algorithms,
            source);
    }

    private static Set<JWSAlgorithm> accepted(Set<JWSAlgorithm> possible, List<String> configured) {
        if (configured.isEmpty()) {
            return Set.copyOf(possible);
        }
        Set<JWSAlgorithm> accepted = new LinkedHashSet<>();
        for (String name : configured) {
            JWSAlgorithm algorithm = JWSAlgorithm.parse(name.strip());
            if (!possible.contains(algorithm)) {
                throw new FxConfigurationException(JwtConfiguration.PREFIX + ".algorithms names " + name
                    + ", which no configured key can verify (possible: " + possible + ")");
            }
            accepted.add(algorithm);
        }
        return Set.copyOf(accepted);
    }
}
