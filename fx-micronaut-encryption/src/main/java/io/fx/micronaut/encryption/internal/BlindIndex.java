package io.fx.micronaut.encryption.internal;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * The blind index of an {@code encrypted,unique} value: lowercase hex HMAC-SHA256, under the index key, of
 * {@code <table>.<field>}, a NUL byte and the UTF-8 value. Equal values of one column give equal digests; the digest
 * of one column says nothing about another's. Each thread keeps its own {@link Mac}, initialised for every digest
 * ({@code Mac.getInstance} cost more than the digest of a short value).
 */
final class BlindIndex {

    private static final String ALGORITHM = "HmacSHA256";

    private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(BlindIndex::newMac);

    private static Mac newMac() {
        try {
            return Mac.getInstance(ALGORITHM);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available: " + e.getClass().getSimpleName(), e);
        }
    }

    String digest(byte[] indexKey, String table, String field, String value) {
        try {
            Mac mac = macs.get();
            mac.init(new SecretKeySpec(indexKey, ALGORITHM));
            mac.update((table + "." + field).getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return HexFormat.of().formatHex(mac.doFinal(value.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available: " + e.getClass().getSimpleName(), e);
        }
    }
}
