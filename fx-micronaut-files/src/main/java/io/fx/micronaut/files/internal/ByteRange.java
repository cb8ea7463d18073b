package io.fx.micronaut.files.internal;

import io.micronaut.core.annotation.Nullable;

/**
 * One range of a {@code Range: bytes=} header against a file's size: {@code a-b}, {@code a-} or {@code -n}.
 *
 * @param first the first byte
 * @param last  the last byte, inclusive
 */
record ByteRange(long first, long last) {

    /** The answer to a range past the end of the file. */
    static final ByteRange UNSATISFIABLE = new ByteRange(-1, -1);

    /** @return the number of bytes */
    long length() {
        return last - first + 1;
    }

    /**
     * @param header the {@code Range} header, or null
     * @param size   the file's size
     * @return the range; {@link #UNSATISFIABLE} when it starts past the end; null for the whole file (no header, a
     *     malformed one, another unit, or several ranges)
     */
    @Nullable
    static ByteRange parse(@Nullable String header, long size) {
        if (header == null || !header.regionMatches(true, 0, "bytes=", 0, 6)) {
            return null;
        }
        String spec = header.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0 || spec.indexOf(',') >= 0 || spec.indexOf('-', dash + 1) >= 0) {
            return null;
        }
        String from = spec.substring(0, dash).trim();
        String to = spec.substring(dash + 1).trim();
        Long first = number(from);
        Long last = number(to);
        if (from.isEmpty()) {
            if (last == null) {
                return null;
            }
            if (last == 0 || size == 0) {
                return UNSATISFIABLE;
            }
            return new ByteRange(Math.max(0, size - last), size - 1);
        }
        if (first == null || (!to.isEmpty() && (last == null || last < first))) {
            return null;
        }
        if (first >= size) {
            return UNSATISFIABLE;
        }
        return new ByteRange(first, to.isEmpty() ? size - 1 : Math.min(last, size - 1));
    }

    private static Long number(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return null;
            }
        }
        return Long.parseLong(text);
    }
}
