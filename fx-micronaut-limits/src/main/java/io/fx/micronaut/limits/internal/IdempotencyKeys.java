package io.fx.micronaut.limits.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code Idempotency-Key} header's rules (draft-ietf-httpapi-idempotency-key-header) and the two hashes of an
 * entry: its key over caller scope, route and client key, and the request body's fingerprint.
 */
@Internal
public final class IdempotencyKeys {

    /** The request header. */
    public static final String HEADER = "Idempotency-Key";
    /** The most characters a key may have. */
    public static final int MAX_LENGTH = 255;

    private static final byte[] NO_BODY = new byte[0];

    private IdempotencyKeys() {
    }

    /**
     * @param header the header's value as sent
     * @return the key: the value without an sf-string's surrounding double quotes, when it is then 1 to 255
     *     printable ASCII characters (0x20 to 0x7E); otherwise null
     */
    @Nullable
    public static String parse(@NonNull String header) {
        String key = header;
        if (key.length() >= 2 && key.charAt(0) == '"' && key.charAt(key.length() - 1) == '"') {
            key = key.substring(1, key.length() - 1);
        }
        if (key.isEmpty() || key.length() > MAX_LENGTH) {
            return null;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return null;
            }
        }
        return key;
    }

    /**
     * @param scope the caller scope ({@code user:<tenant>:<id>}, {@code ip:<address>})
     * @param route the model's name, or the action's path
     * @param key   the parsed client key
     * @return SHA-256 (hex) of {@code <scope>|<route>|<key>}
     */
    @NonNull
    public static String entry(@NonNull String scope, @NonNull String route, @NonNull String key) {
        return sha256(scope + "|" + route + "|" + key);
    }

    /**
     * @param rawBody the raw request body, or null when none was sent
     * @return SHA-256 (hex) of its bytes
     */
    @NonNull
    public static String fingerprint(@Nullable byte[] rawBody) {
        return HexFormat.of().formatHex(digest().digest(rawBody == null ? NO_BODY : rawBody));
    }

    private static String sha256(String text) {
        return HexFormat.of().formatHex(digest().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * A claim's token: 128 random bits, unique enough to tell one request's claim from another's (in every replica),
     * from {@code ThreadLocalRandom}: nothing secret rides on it, and the shared {@code SecureRandom} behind
     * {@code UUID.randomUUID()} is contended under load.
     *
     * @return the token
     */
    public static String claimToken() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
    }
}
