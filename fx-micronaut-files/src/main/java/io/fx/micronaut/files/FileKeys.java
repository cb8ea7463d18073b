package io.fx.micronaut.files;

import io.fx.micronaut.auth.AuthInfo;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.UUID;

/**
 * Storage keys, {@code <owner>/<uuid>/<name>}: the owner is the first 16 hex digits of the SHA-256 of the caller's
 * tenant id, else of its user id, else {@code anonymous}; the uuid is random; the name is the client's file name
 * reduced to {@code [A-Za-z0-9._-]}, without leading dots, at most 120 characters, else {@code unnamed}. A key of
 * any other shape (a traversal, an absolute path, a backslash) is not a key: it is not found, and never reaches a
 * storage.
 *
 * @since 0.9.0
 */
public final class FileKeys {

    /** The owner segment of keys uploaded without a principal; such files are open to every caller. */
    public static final String ANONYMOUS = "anonymous";
    /** The longest name segment. */
    public static final int MAX_NAME = 120;

    private FileKeys() {
    }

    /**
     * @param principal the caller, or null when anonymous
     * @return its owner segment
     */
    @NonNull
    public static String owner(@Nullable AuthInfo principal) {
        if (principal == null) {
            return ANONYMOUS;
        }
        String basis = principal.tenantId() != null && !principal.tenantId().isEmpty() ? principal.tenantId()
            : principal.userId() != null && !principal.userId().isEmpty() ? principal.userId() : null;
        if (basis == null) {
            return ANONYMOUS;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(basis.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * @param principal the uploader, or null
     * @param filename  the client's file name, or null
     * @return a new key
     */
    @NonNull
    public static String newKey(@Nullable AuthInfo principal, @Nullable String filename) {
        return owner(principal) + "/" + UUID.randomUUID() + "/" + safeName(filename);
    }

    /**
     * @param filename a client's file name, any path before its last {@code /} or {@code \} dropped
     * @return the name reduced to {@code [A-Za-z0-9._-]}, without leading dots, at most 120 characters, else
     *     {@code unnamed}
     */
    @NonNull
    public static String safeName(@Nullable String filename) {
        if (filename == null) {
            return "unnamed";
        }
        String base = filename.substring(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
        StringBuilder out = new StringBuilder(Math.min(base.length(), MAX_NAME));
        for (int i = 0; i < base.length() && out.length() < MAX_NAME; i++) {
            char c = base.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '.' || c == '_' || c == '-';
            if (!safe || (c == '.' && out.isEmpty())) {
                continue;
            }
            out.append(c);
        }
        return out.isEmpty() ? "unnamed" : out.toString();
    }

    /**
     * @param key a text that may be a key
     * @return whether it has the shape of a key: an owner (16 lower-case hex digits or {@code anonymous}), a
     *     lower-case UUID and a safe name
     */
    public static boolean isKey(@Nullable String key) {
        if (key == null || key.length() > 200) {
            return false;
        }
        String[] parts = key.split("/", -1);
        return parts.length == 3 && isOwner(parts[0]) && isUuid(parts[1]) && isName(parts[2]);
    }

    /**
     * @param key a key ({@link #isKey})
     * @return its owner segment, empty for a text that is not a key
     */
    @NonNull
    public static Optional<String> ownerOf(@Nullable String key) {
        return isKey(key) ? Optional.of(key.substring(0, key.indexOf('/'))) : Optional.empty();
    }

    /**
     * @param key       a key
     * @param principal the caller, or null
     * @return whether the caller may use it: its owner segment is the caller's, or {@code anonymous}
     */
    public static boolean ownedBy(@NonNull String key, @Nullable AuthInfo principal) {
        String owner = ownerOf(key).orElse(null);
        return owner != null && (owner.equals(ANONYMOUS) || owner.equals(owner(principal)));
    }

    private static boolean isOwner(String owner) {
        if (owner.equals(ANONYMOUS)) {
            return true;
        }
        if (owner.length() != 16) {
            return false;
        }
        for (int i = 0; i < owner.length(); i++) {
            char c = owner.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isUuid(String uuid) {
        if (uuid.length() != 36) {
            return false;
        }
        try {
            return UUID.fromString(uuid).toString().equals(uuid);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean isName(String name) {
        return !name.isEmpty() && name.length() <= MAX_NAME && name.charAt(0) != '.' && safeName(name).equals(name);
    }
}
