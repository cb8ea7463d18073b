package io.fx.micronaut.encryption.internal;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

/**
 * AES-256-GCM through the JDK's JCA ({@code AES/GCM/NoPadding}, 128-bit tag, a fresh 96-bit nonce from
 * {@link SecureRandom} per value) with the envelope header as associated data. Random nonces: rotate a key well
 * before 2^32 values.
 *
 * <p>Each thread keeps its own {@link Cipher}, initialised again for every value: {@code Cipher.getInstance} (the
 * provider lookup and a new implementation object) cost more than the encryption of a short value itself. A cipher is
 * never shared between threads, and every use starts with {@code init}, so a failed decryption leaves nothing
 * behind for the next.</p>
 */
final class AesGcm {

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private final SecureRandom random = new SecureRandom();
    private final ThreadLocal<Cipher> ciphers = ThreadLocal.withInitial(AesGcm::newCipher);

    private static Cipher newCipher() {
        try {
            return Cipher.getInstance(TRANSFORMATION);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM is not available: " + e.getClass().getSimpleName(), e);
        }
    }

    /**
     * @param key       32 bytes
     * @param keyId     the key's id, bound into the header
     * @param plaintext the value
     * @return the stored text
     */
    String encrypt(byte[] key, String keyId, String plaintext) {
        byte[] value = plaintext.getBytes(StandardCharsets.UTF_8);
        byte[] nonce = new byte[Envelope.NONCE_BYTES];
        random.nextBytes(nonce);
        // the ciphertext and tag are written straight into the envelope's bytes
        Envelope envelope = Envelope.sized(keyId, nonce, value.length + Envelope.TAG_BYTES);
        byte[] bytes = envelope.bytes();
        try {
            Cipher cipher = ciphers.get();
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(Envelope.TAG_BYTES * 8, nonce));
            cipher.updateAAD(bytes, 0, envelope.headerLength());
            cipher.doFinal(value, 0, value.length, bytes, envelope.ciphertextOffset());
            return envelope.format();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM is not available: " + e.getClass().getSimpleName(), e);
        }
    }

    /**
     * @param key      32 bytes
     * @param envelope a parsed envelope
     * @return the value
     * @throws AEADBadTagException when authentication fails (a tampered envelope, another key, a rewritten header)
     */
    String decrypt(byte[] key, Envelope envelope) throws AEADBadTagException {
        try {
            Cipher cipher = ciphers.get();
            byte[] bytes = envelope.bytes();
            cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"),
                new GCMParameterSpec(Envelope.TAG_BYTES * 8, bytes, envelope.nonceOffset(), Envelope.NONCE_BYTES));
            cipher.updateAAD(bytes, 0, envelope.headerLength());
            int from = envelope.ciphertextOffset();
            return new String(cipher.doFinal(bytes, from, bytes.length - from), StandardCharsets.UTF_8);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM is not available: " + e.getClass().getSimpleName(), e);
        }
    }
}
