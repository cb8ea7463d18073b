package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Signed keyset cursors, written by hand: the sort-key values of a page's last row as text (one per line, the id
 * last), then an HMAC-SHA-256 of them (128 bits kept), base64url; like the framework's, a client cannot forge one.
 *
 * @since 0.4.0
 */
@Singleton
public class PostCursor {

    private final Mac prototype;

    /** @param configured the signing key ({@code bench.cursor-key}), or null to generate one */
    public PostCursor(@Nullable @Value("${bench.cursor-key:}") String configured) {
        byte[] secret;
        if (configured == null || configured.isEmpty()) {
            secret = new byte[32];
            new SecureRandom().nextBytes(secret);
        } else {
            secret = configured.getBytes(StandardCharsets.UTF_8);
        }
        try {
            this.prototype = Mac.getInstance("HmacSHA256");
            prototype.init(new SecretKeySpec(secret, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param values the sort-key values of the last row, as text, the id last
     * @return the cursor
     */
    public String encode(List<String> values) {
        byte[] text = String.join("\n", values).getBytes(StandardCharsets.UTF_8);
        byte[] signed = Arrays.copyOf(text, text.length + 16);
        System.arraycopy(mac(text), 0, signed, text.length, 16);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(signed);
    }

    /**
     * @param cursor a cursor
     * @param keys   how many values it must hold
     * @return its values as text
     * @throws ApiException 400 {@code INVALID_CURSOR} when it is malformed or forged
     */
    public List<String> decode(String cursor, int keys) {
        byte[] signed;
        try {
            signed = Base64.getUrlDecoder().decode(cursor);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidCursor();
        }
        if (signed.length < 17) {
            throw ApiException.invalidCursor();
        }
        byte[] text = Arrays.copyOf(signed, signed.length - 16);
        if (!MessageDigest.isEqual(Arrays.copyOfRange(signed, text.length, signed.length), Arrays.copyOf(mac(text), 16))) {
            throw ApiException.invalidCursor();
        }
        List<String> values = List.of(new String(text, StandardCharsets.UTF_8).split("\n", -1));
        if (values.size() != keys) {
            throw ApiException.invalidCursor();
        }
        return values;
    }

    private byte[] mac(byte[] text) {
        try {
            return ((Mac) prototype.clone()).doFinal(text);
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
    }
}
