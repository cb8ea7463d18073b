package io.fx.micronaut.encryption.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The stored form of an encrypted value: {@code enc:} + padded standard base64 of
 * {@code [version 0x01][key-id length, 1 byte][key id][nonce 12][ciphertext+tag]}. The header (version, length, key
 * id) is the GCM associated data, so rewriting the version or the key id fails decryption.
 *
 * <p>An envelope keeps its decoded bytes whole: decryption reads the header, the nonce and the ciphertext where they
 * lie, without copying them out (a page of twenty encrypted values is read on every list).</p>
 */
final class Envelope {

    static final String PREFIX = "enc:";
    static final byte VERSION = 0x01;
    static final int NONCE_BYTES = 12;
    static final int TAG_BYTES = 16;
    private static final int MAX_KEY_ID = 64;

    private final String keyId;
    private final byte[] bytes;
    private final int headerLength;

    private Envelope(String keyId, byte[] bytes, int headerLength) {
        this.keyId = keyId;
        this.bytes = bytes;
        this.headerLength = headerLength;
    }

    /**
     * An envelope whose header and nonce are written and whose ciphertext is still zeros, for a cipher to write into
     * {@link #bytes()} at {@link #ciphertextOffset()}: the one place that lays the parts out.
     *
     * @param keyId            the key id
     * @param nonce            the 12-byte nonce
     * @param ciphertextLength the length of the ciphertext with its 16-byte tag
     * @return the envelope
     */
    static Envelope sized(String keyId, byte[] nonce, int ciphertextLength) {
        byte[] header = header(keyId);
        byte[] all = new byte[header.length + NONCE_BYTES + ciphertextLength];
        System.arraycopy(header, 0, all, 0, header.length);
        System.arraycopy(nonce, 0, all, header.length, NONCE_BYTES);
        return new Envelope(keyId, all, header.length);
    }

    /**
     * @param keyId      the key id
     * @param nonce      the 12-byte nonce
     * @param ciphertext the ciphertext followed by the 16-byte tag
     * @return the envelope of these parts
     */
    static Envelope of(String keyId, byte[] nonce, byte[] ciphertext) {
        Envelope envelope = sized(keyId, nonce, ciphertext.length);
        System.arraycopy(ciphertext, 0, envelope.bytes, envelope.ciphertextOffset(), ciphertext.length);
        return envelope;
    }

    /** @return the key id */
    String keyId() {
        return keyId;
    }

    /** @return the whole decoded envelope: header, nonce, ciphertext and tag (not a copy) */
    byte[] bytes() {
        return bytes;
    }

    /** @return the length of the header at the start of {@link #bytes()}, the associated data */
    int headerLength() {
        return headerLength;
    }

    /** @return where the nonce starts in {@link #bytes()} */
    int nonceOffset() {
        return headerLength;
    }

    /** @return where the ciphertext starts in {@link #bytes()}; it runs to the end, tag included */
    int ciphertextOffset() {
        return headerLength + NONCE_BYTES;
    }

    /** @return a copy of the nonce */
    byte[] nonce() {
        return Arrays.copyOfRange(bytes, nonceOffset(), ciphertextOffset());
    }

    /** @return a copy of the ciphertext and tag */
    byte[] ciphertext() {
        return Arrays.copyOfRange(bytes, ciphertextOffset(), bytes.length);
    }

    /** A stored text that is not a well-formed envelope; the message never carries the text. */
    static final class MalformedException extends Exception {
        MalformedException(String message) {
            super(message);
        }
    }

    /**
     * @param keyId a key id
     * @return whether it matches {@code [a-z0-9-]{1,64}}
     */
    static boolean isKeyId(String keyId) {
        if (keyId == null || keyId.isEmpty() || keyId.length() > MAX_KEY_ID) {
            return false;
        }
        for (int i = 0; i < keyId.length(); i++) {
            char c = keyId.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param stored a stored value
     * @return whether it is an envelope (legacy plain text is not)
     */
    static boolean isEnvelope(String stored) {
        return stored.startsWith(PREFIX);
    }

    /** @param keyId a key id @return the associated data: version, key-id length and key id */
    static byte[] header(String keyId) {
        byte[] id = keyId.getBytes(StandardCharsets.US_ASCII);
        byte[] header = new byte[2 + id.length];
        header[0] = VERSION;
        header[1] = (byte) id.length;
        System.arraycopy(id, 0, header, 2, id.length);
        return header;
    }

    /** @return the stored text */
    String format() {
        return PREFIX + Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * @param stored a stored text starting with {@code enc:}
     * @return the envelope
     * @throws MalformedException when it is not one (bad base64, version, key id or length)
     */
    static Envelope parse(String stored) throws MalformedException {
        byte[] all;
        try {
            all = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new MalformedException("the envelope is not base64");
        }
        if (all.length < 2 || all[0] != VERSION) {
            throw new MalformedException("the envelope has an unknown version");
        }
        int idLength = all[1] & 0xff;
        if (all.length < 2 + idLength + NONCE_BYTES + TAG_BYTES) {
            throw new MalformedException("the envelope is truncated");
        }
        String keyId = new String(all, 2, idLength, StandardCharsets.US_ASCII);
        if (!isKeyId(keyId)) {
            throw new MalformedException("the envelope's key id is not [a-z0-9-]{1,64}");
        }
        return new Envelope(keyId, all, 2 + idLength);
    }

    /**
     * @param stored a stored text starting with {@code enc:}
     * @return the key id its header names, or null when it is malformed
     */
    static String keyIdOf(String stored) {
        try {
            return parse(stored).keyId();
        } catch (MalformedException e) {
            return null;
        }
    }
}
