package io.fx.micronaut.pipeline;

import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * {@code Content-Disposition} values (RFC 6266) for a file name in any script: a plain {@code filename} that
 * every client reads, and, when the name is not plain ASCII, an RFC 5987 {@code filename*} in UTF-8 that
 * current clients prefer. {@code "résumé 2024.pdf"} becomes
 * {@code attachment; filename="r_sum_ 2024.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%202024.pdf}. Control
 * characters, quotes, backslashes, slashes and {@code %} never reach the plain name.
 *
 * @since 0.7.0
 */
public final class ContentDisposition {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private ContentDisposition() {
    }

    /**
     * @param filename the name the client saves the body under
     * @return {@code attachment; filename=…}: the client downloads the body
     */
    @NonNull
    public static String attachment(@NonNull String filename) {
        return of("attachment", filename);
    }

    /**
     * @param filename the name the client saves the body under, if it does
     * @return {@code inline; filename=…}: the client may show the body
     */
    @NonNull
    public static String inline(@NonNull String filename) {
        return of("inline", filename);
    }

    private static String of(String type, String filename) {
        Objects.requireNonNull(filename, "filename");
        if (filename.isBlank()) {
            throw new IllegalArgumentException("A file name is not blank");
        }
        String plain = plain(filename);
        StringBuilder value = new StringBuilder(type).append("; filename=\"").append(plain).append('"');
        if (!plain.equals(filename)) {
            value.append("; filename*=UTF-8''").append(encoded(filename));
        }
        return value.toString();
    }

    /** The name in printable ASCII, every other character (and {@code " \ / %}) as {@code _}. */
    private static String plain(String filename) {
        StringBuilder plain = new StringBuilder(filename.length());
        for (int i = 0; i < filename.length(); i++) {
            char c = filename.charAt(i);
            boolean safe = c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '/' && c != '%';
            plain.append(safe ? c : '_');
            if (Character.isHighSurrogate(c) && i + 1 < filename.length()) {
                i++;
            }
        }
        return plain.toString();
    }

    /** RFC 5987 {@code value-chars}: attr-chars as they are, every other UTF-8 byte as {@code %XX}. */
    private static String encoded(String filename) {
        StringBuilder out = new StringBuilder(filename.length() * 3);
        for (byte b : filename.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (attrChar(c)) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }

    private static boolean attrChar(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || "!#$&+-.^_`|~".indexOf(c) >= 0;
    }
}
