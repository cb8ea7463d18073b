package io.fx.micronaut.json;

import io.fx.micronaut.model.RawJson;
import io.micronaut.core.annotation.Internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes the plain values every record and envelope is made of (Map, List, String, Long, Integer,
 * Double, BigDecimal, BigInteger, Boolean, null, and {@link RawJson} spliced in as it is) straight to compact UTF-8 JSON, with the same bytes
 * Jackson's generator writes for them: short escapes for {@code \b \t \n \f \r}, {@code \}{@code u00XX}
 * with upper-case hex for other control characters and for surrogates (characters outside the Basic
 * Multilingual Plane), everything else as raw UTF-8. Any other value
 * (an introspected bean in error details, say) is handed to the fallback, whose JSON is spliced in.
 * Responses are the hot path: this skips the per-value serializer lookup a generic mapper does for
 * {@code Map<String, Object>}.
 */
@Internal
final class PlainJsonWriter {

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};

    private final Function<Object, byte[]> fallback;
    private byte[] buffer;
    private int size;
    private char[] chars = new char[64];

    /**
     * @param fallback writes a value that is not plain as one JSON value
     */
    PlainJsonWriter(Function<Object, byte[]> fallback) {
        this(fallback, 512);
    }

    /**
     * @param fallback writes a value that is not plain as one JSON value
     * @param capacity the expected size of the output in bytes (it grows as needed)
     */
    PlainJsonWriter(Function<Object, byte[]> fallback, int capacity) {
        this.fallback = fallback;
        this.buffer = new byte[Math.max(64, capacity)];
    }

    /**
     * @param value a plain value
     * @return its JSON bytes
     */
    byte[] write(Object value) {
        size = 0;
        value(value);
        return Arrays.copyOf(buffer, size);
    }

    private void value(Object value) {
        if (value == null) {
            append(NULL);
        } else if (value instanceof String text) {
            string(text);
        } else if (value instanceof Map<?, ?> map) {
            object(map);
        } else if (value instanceof List<?> list) {
            array(list);
        } else if (value instanceof Boolean bool) {
            append(bool ? TRUE : FALSE);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
            || value instanceof BigInteger) {
            ascii(value.toString());
        } else if (value instanceof Double number && Double.isFinite(number)) {
            ascii(Double.toString(number));
        } else if (value instanceof Float number && Float.isFinite(number)) {
            ascii(Float.toString(number));
        } else if (value instanceof BigDecimal number) {
            ascii(number.toString());
        } else if (value instanceof RawJson raw) {
            append(raw.text().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } else {
            append(fallback.apply(value));
        }
    }

    private void object(Map<?, ?> map) {
        if (map instanceof RecordMap record && record.isCompact()) {
            record(record);
            return;
        }
        put('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!first) {
                put(',');
            }
            first = false;
            string(String.valueOf(entry.getKey()));
            put(':');
            value(entry.getValue());
        }
        put('}');
    }

    /** A record of a known shape: its member prefixes were written once, when the shape was built. */
    private void record(RecordMap record) {
        RecordShape shape = record.shape();
        put('{');
        for (int i = 0, n = shape.size(); i < n; i++) {
            if (i > 0) {
                put(',');
            }
            append(shape.prefix(i));
            value(record.value(i));
        }
        put('}');
    }

    private void array(List<?> list) {
        put('[');
        for (int i = 0, n = list.size(); i < n; i++) {
            if (i > 0) {
                put(',');
            }
            value(list.get(i));
        }
        put(']');
    }

    private void string(String text) {
        int length = text.length();
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
        }
        // one bulk copy out of the string, then a plain array loop (no per-character charAt checks)
        char[] source = chars;
        text.getChars(0, length, source, 0);
        ensure(length * 3 + 2);
        byte[] out = buffer;
        int at = size;
        out[at++] = '"';
        for (int i = 0; i < length; i++) {
            char c = source[i];
            if (c < 0x80) {
                if (c >= 0x20 && c != '"' && c != '\\') {
                    out[at++] = (byte) c;
                    continue;
                }
                size = at;
                escape(c);
                ensure((length - i) * 3 + 1);
                out = buffer;
                at = size;
            } else if (c < 0x800) {
                out[at++] = (byte) (0xC0 | (c >> 6));
                out[at++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                // like Jackson's generator behind Micronaut Serialization: characters outside the
                // Basic Multilingual Plane (and lone surrogates) travel as UTF-16 escapes
                size = at;
                unicodeEscape(c);
                ensure((length - i) * 3 + 1);
                out = buffer;
                at = size;
            } else {
                out[at++] = (byte) (0xE0 | (c >> 12));
                out[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                out[at++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        out[at++] = '"';
        size = at;
    }

    /** Escapes a quote, a backslash or a control character. */
    private void escape(char c) {
        char shortForm = switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '\b' -> 'b';
            case '\t' -> 't';
            case '\n' -> 'n';
            case '\f' -> 'f';
            case '\r' -> 'r';
            default -> 0;
        };
        if (shortForm != 0) {
            ensure(2);
            buffer[size++] = '\\';
            buffer[size++] = (byte) shortForm;
        } else {
            unicodeEscape(c);
        }
    }

    private void unicodeEscape(char c) {
        ensure(6);
        buffer[size++] = '\\';
        buffer[size++] = 'u';
        buffer[size++] = HEX[(c >> 12) & 0xF];
        buffer[size++] = HEX[(c >> 8) & 0xF];
        buffer[size++] = HEX[(c >> 4) & 0xF];
        buffer[size++] = HEX[c & 0xF];
    }

    private void ascii(String text) {
        int length = text.length();
        ensure(length);
        for (int i = 0; i < length; i++) {
            buffer[size++] = (byte) text.charAt(i);
        }
    }

    private void append(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, size, bytes.length);
        size += bytes.length;
    }

    private void put(char c) {
        ensure(1);
        buffer[size++] = (byte) c;
    }

    private void ensure(int more) {
        if (size + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
        }
    }
}
