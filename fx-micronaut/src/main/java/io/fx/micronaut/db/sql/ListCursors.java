package io.fx.micronaut.db.sql;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.query.SortField;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Makes and checks the opaque cursors of keyset pages.
 *
 * <p>A cursor holds the sort-key values of a page's last row (the id last) and an HMAC-SHA-256 (128 bits kept) of
 * them together with the list it was made for (model, filters, sort, soft-delete lifting): the client can read the
 * values it was shown anyway, but can neither forge a position nor carry a cursor to another list, whose MAC
 * differs. Layout, base64url without padding: version byte, the values (each a type tag and its bytes), the MAC.
 */
final class ListCursors {

    private static final byte VERSION = 1;
    private static final int MAC = 16;
    private static final int MIN_KEY_LENGTH = 32;
    private static final int MAX_TEXT = 1 << 16;
    private static final byte NULL = 0;
    private static final byte TEXT = 1;
    private static final byte INTEGER = 2;
    private static final byte DECIMAL = 3;
    private static final byte BOOLEAN = 4;
    private static final byte TIMESTAMP = 5;

    /** An initialised MAC, cloned per use: cheaper than a provider lookup and initialisation each time. */
    private final Mac prototype;

    /**
     * @param configuredKey the configured signing secret ({@code fx.list.cursor-key}), or null to generate one
     * @throws FxConfigurationException when the configured secret is shorter than 32 characters
     */
    ListCursors(String configuredKey) {
        byte[] secret;
        if (configuredKey == null) {
            secret = new byte[32];
            new SecureRandom().nextBytes(secret);
        } else {
            if (configuredKey.length() < MIN_KEY_LENGTH) {
                throw new FxConfigurationException("fx.list.cursor-key must be at least " + MIN_KEY_LENGTH
                    + " characters long (it signs list cursors); got " + configuredKey.length());
            }
            secret = configuredKey.getBytes(StandardCharsets.UTF_8);
        }
        try {
            this.prototype = Mac.getInstance("HmacSHA256");
            prototype.init(new SecretKeySpec(secret, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /**
     * @param model  the listed model
     * @param query  the list query, as the client sent it
     * @param keyset the query's order
     * @param row    the last row of the page
     * @return the cursor that continues after that row
     */
    String encode(ModelDescriptor model, ListQuery query, Keyset keyset, Map<String, Object> row) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            for (SortField key : keyset.keys()) {
                write(out, row.get(key.field().name()));
            }
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        byte[] payload = bytes.toByteArray();
        byte[] signed = Arrays.copyOf(payload, payload.length + MAC);
        System.arraycopy(mac(payload, model, query), 0, signed, payload.length, MAC);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(signed);
    }

    /**
     * @param model  the listed model
     * @param query  the list query, as the client sent it, with its cursor
     * @param keyset the query's order
     * @return the sort-key values of the row to continue after, in key order
     * @throws FxException 400 {@code INVALID_CURSOR} when the cursor is malformed, forged, signed by another key or
     *                     made for another list
     */
    List<Object> decode(ModelDescriptor model, ListQuery query, Keyset keyset) {
        byte[] signed;
        try {
            signed = Base64.getUrlDecoder().decode(query.cursor());
        } catch (IllegalArgumentException e) {
            throw invalid("cursor is malformed: not base64url");
        }
        if (signed.length < 1 + MAC) {
            throw invalid("cursor is malformed: too short");
        }
        byte[] payload = Arrays.copyOf(signed, signed.length - MAC);
        byte[] mac = Arrays.copyOfRange(signed, payload.length, signed.length);
        if (!MessageDigest.isEqual(mac, Arrays.copyOf(mac(payload, model, query), MAC))) {
            throw invalid("cursor does not verify: it was altered, signed with another server key, or made for another "
                + "list (its model, filter or sort differ from this request's)");
        }
        if (payload[0] != VERSION) {
            throw invalid("cursor has an unknown version");
        }
        List<SortField> keys = keyset.keys();
        List<Object> values = new ArrayList<>(keys.size());
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload, 1, payload.length - 1))) {
            for (SortField key : keys) {
                Object value = read(in);
                if (value != null && !fits(key.field().type(), value)) {
                    throw invalid("cursor is malformed: a value does not fit its sort key");
                }
                values.add(value);
            }
            if (in.available() > 0) {
                throw invalid("cursor is malformed: trailing bytes");
            }
        } catch (IOException e) {
            throw invalid("cursor is malformed: truncated");
        }
        if (values.get(values.size() - 1) == null) {
            throw invalid("cursor is malformed: no id");
        }
        return values;
    }

    private static boolean fits(FieldType type, Object value) {
        return switch (type) {
            case STRING -> value instanceof String;
            case INTEGER -> value instanceof Long;
            case DECIMAL -> value instanceof Double;
            case BOOLEAN -> value instanceof Boolean;
            case TIMESTAMP -> value instanceof Instant;
            default -> false;
        };
    }

    private static void write(DataOutputStream out, Object value) throws IOException {
        if (value == null) {
            out.writeByte(NULL);
        } else if (value instanceof String text) {
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            out.writeByte(TEXT);
            out.writeInt(utf8.length);
            out.write(utf8);
        } else if (value instanceof Number number && !(value instanceof Double) && !(value instanceof Float)) {
            out.writeByte(INTEGER);
            out.writeLong(number.longValue());
        } else if (value instanceof Number number) {
            out.writeByte(DECIMAL);
            out.writeDouble(number.doubleValue());
        } else if (value instanceof Boolean flag) {
            out.writeByte(BOOLEAN);
            out.writeBoolean(flag);
        } else if (value instanceof Instant instant) {
            out.writeByte(TIMESTAMP);
            out.writeLong(instant.getEpochSecond());
            out.writeInt(instant.getNano());
        } else {
            throw new IllegalStateException("a sort key holds a " + value.getClass().getName());
        }
    }

    private static Object read(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case NULL:
                return null;
            case TEXT: {
                int length = in.readInt();
                if (length < 0 || length > MAX_TEXT || length > in.available()) {
                    throw invalid("cursor is malformed: truncated");
                }
                byte[] utf8 = in.readNBytes(length);
                return new String(utf8, StandardCharsets.UTF_8);
            }
            case INTEGER:
                return in.readLong();
            case DECIMAL:
                return in.readDouble();
            case BOOLEAN:
                return in.readBoolean();
            case TIMESTAMP: {
                long seconds = in.readLong();
                int nanos = in.readInt();
                try {
                    return Instant.ofEpochSecond(seconds, nanos);
                } catch (RuntimeException e) {
                    throw invalid("cursor is malformed: a timestamp is out of range");
                }
            }
            default:
                throw invalid("cursor is malformed: unknown value type");
        }
    }

    /** @return the text of everything that decides which rows the list holds, and in which order */
    private static byte[] list(ModelDescriptor model, ListQuery query) {
        StringBuilder text = new StringBuilder(128).append(model.getName()).append('\u0000');
        for (FilterClause clause : query.filters()) {
            text.append(clause.group()).append('|')
                .append(clause.relation() == null ? "" : clause.relation().name()).append('|')
                .append(clause.field().name()).append('|').append(clause.operator().token()).append('|');
            for (Object value : clause.values()) {
                text.append(value == null ? "" : value.getClass().getSimpleName()).append(':')
                    .append(value).append('\u0001');
            }
            text.append('\u0000');
        }
        text.append('\u0002');
        for (SortField sort : query.sort()) {
            text.append(sort.field().name()).append(sort.descending() ? ":desc" : ":asc").append('\u0000');
        }
        text.append(query.includeSoftDeleted());
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** @return the MAC of the values and of the list they are a position in */
    private byte[] mac(byte[] payload, ModelDescriptor model, ListQuery query) {
        Mac mac;
        try {
            mac = (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the HmacSHA256 provider cannot clone", e);
        }
        mac.update(payload);
        mac.update((byte) 0);
        return mac.doFinal(list(model, query));
    }

    private static FxException invalid(String message) {
        return ErrorCode.INVALID_CURSOR.exception(message);
    }
}
