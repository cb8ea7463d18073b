package io.fx.micronaut.encryption.internal;

import org.junit.jupiter.api.Test;

import javax.crypto.AEADBadTagException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stored format, its associated data binding and the blind index, without a server. */
class EnvelopeTest {

    private static final byte[] KEY = new byte[32];

    static {
        Arrays.fill(KEY, (byte) 7);
    }

    private final AesGcm aes = new AesGcm();

    @Test
    void theStoredFormIsPrefixVersionKeyIdNonceAndCiphertextWithTag() {
        String stored = aes.encrypt(KEY, "k-1", "ann@example.com");
        assertTrue(stored.startsWith("enc:"));
        byte[] all = Base64.getDecoder().decode(stored.substring(4));
        assertEquals(1, all[0]);
        assertEquals(3, all[1]);
        assertEquals("k-1", new String(all, 2, 3, StandardCharsets.US_ASCII));
        assertEquals(2 + 3 + 12 + "ann@example.com".length() + 16, all.length);
        assertEquals("ann@example.com", decrypt(stored));
        assertNotEquals(stored, aes.encrypt(KEY, "k-1", "ann@example.com"), "a fresh nonce per value");
    }

    @Test
    void rewritingTheKeyIdOrVersionFailsAuthenticationEvenWithTheSameKeyBytes() throws Exception {
        Envelope original = Envelope.parse(aes.encrypt(KEY, "k-1", "secret"));
        Envelope renamed = Envelope.of("k-2", original.nonce(), original.ciphertext());
        assertThrows(AEADBadTagException.class, () -> aes.decrypt(KEY, Envelope.parse(renamed.format())));
        byte[] all = Base64.getDecoder().decode(original.format().substring(4));
        all[0] = 2;
        assertThrows(Envelope.MalformedException.class, () -> Envelope.parse("enc:" + Base64.getEncoder().encodeToString(all)));
    }

    @Test
    void malformedEnvelopesAreRefusedWithoutTheirText() {
        Envelope.MalformedException e = assertThrows(Envelope.MalformedException.class, () -> Envelope.parse("enc:%%%"));
        assertFalse(e.getMessage().contains("%%%"));
        assertThrows(Envelope.MalformedException.class, () -> Envelope.parse("enc:AQNrLTE="));
    }

    @Test
    void theBlindIndexIsHexHmacOfTableFieldNulValue() throws Exception {
        String digest = new BlindIndex().digest(KEY, "authors", "email", "a@b.c");
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(KEY, "HmacSHA256"));
        byte[] expected = mac.doFinal("authors.email\0a@b.c".getBytes(StandardCharsets.UTF_8));
        assertEquals(java.util.HexFormat.of().formatHex(expected), digest);
        assertNotEquals(digest, new BlindIndex().digest(KEY, "readers", "email", "a@b.c"));
    }

    private String decrypt(String stored) {
        try {
            return aes.decrypt(KEY, Envelope.parse(stored));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void keyIdsAreLowerCaseDigitsAndHyphens() {
        assertTrue(Envelope.isKeyId("default"));
        assertTrue(Envelope.isKeyId("k-2026-01"));
        assertFalse(Envelope.isKeyId("Default"));
        assertFalse(Envelope.isKeyId("a".repeat(65)));
        assertArrayEquals(new byte[] {1, 1, 'a'}, Envelope.header("a"));
    }
}
