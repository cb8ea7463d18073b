package io.fx.micronaut.security.revocation;

import io.micronaut.core.annotation.NonNull;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The form in which the stores keep a token id ({@code jti}) or a user id, so that every id a verified token may
 * carry fits a column of {@value #MAX_LENGTH} characters and a key of bounded size, and can be revoked: the id
 * itself when it has at most {@value #MAX_LENGTH} characters, none of them NUL (which PostgreSQL cannot store)
 * or half of a surrogate pair, and does not start with {@value #DIGEST_PREFIX}; otherwise {@value #DIGEST_PREFIX}
 * and the unpadded base64url SHA-256 digest of its UTF-16 code units (50 characters). Ids of either form never
 * meet, and two ids share a stored form only if SHA-256 collides. Every store of the module keeps ids this way; a
 * store of an application's may too.
 *
 * @since 0.7.0
 */
public final class StoredIds {

    /** The longest id kept as it is. */
    public static final int MAX_LENGTH = 255;
    /** What an id kept as its digest starts with. */
    public static final String DIGEST_PREFIX = "sha256:";

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private StoredIds() {
    }

    /**
     * @param id a token id or user id
     * @return the form a store keeps it in: the id, or {@value #DIGEST_PREFIX} and its digest
     */
    @NonNull
    public static String of(@NonNull String id) {
        return plain(id) ? id : DIGEST_PREFIX + BASE64URL.encodeToString(sha256(id));
    }

    private static boolean plain(String id) {
        if (id.length() > MAX_LENGTH || id.startsWith(DIGEST_PREFIX)) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c == 0 || Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** The digest of the code units themselves, so that no encoding replaces a lone surrogate and merges ids. */
    private static byte[] sha256(String id) {
        ByteBuffer units = ByteBuffer.allocate(2 * id.length());
        units.asCharBuffer().put(id);
        try {
            return MessageDigest.getInstance("SHA-256").digest(units.array());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
