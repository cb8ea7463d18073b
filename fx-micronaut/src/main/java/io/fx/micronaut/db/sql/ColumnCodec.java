package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.model.FieldDescriptor;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Binds field values to statement parameters and reads them back from result sets, through the
 * {@link io.fx.micronaut.db.FieldCodec} that owns a field, if any.
 */
final class ColumnCodec {

    private final SqlDialect dialect;
    private final JsonCodec json;
    private final FieldCodecs codecs;

    ColumnCodec(SqlDialect dialect, JsonCodec json, FieldCodecs codecs) {
        this.dialect = dialect;
        this.json = json;
        this.codecs = codecs;
    }

    /** @return the field codecs */
    FieldCodecs codecs() {
        return codecs;
    }

    /**
     * @return the value a read of the stored value gives back: the codec's decoding of its encoding (a
     *         normalising codec changes it), or the value itself when no codec owns the field
     */
    Object roundTrip(FieldDescriptor field, Object value, StorageContext caller) {
        return codecs.isEmpty() ? value : codecs.decode(field, codecs.encode(field, value, caller), caller);
    }

    /**
     * @param field a field
     * @param raw   the value a raw query returned for its column (see {@link RawRows}), or null
     * @return the API value a read of the column gives
     */
    Object fromRaw(FieldDescriptor field, Object raw, StorageContext caller) {
        if (raw == null) {
            return null;
        }
        Object stored = switch (field.type()) {
            case STRING -> raw.toString();
            case INTEGER -> raw instanceof Number n ? (Object) n.longValue() : Long.valueOf(raw.toString());
            case DECIMAL -> raw instanceof Number n ? (Object) n.doubleValue() : Double.valueOf(raw.toString());
            case BOOLEAN -> raw instanceof Boolean ? raw : Boolean.valueOf(raw.toString());
            case TIMESTAMP -> raw;
            case JSON_ARRAY, JSON_OBJECT -> raw instanceof String text ? json.readDocument(text)
                : json.readDocument(raw.toString());
        };
        return codecs.isEmpty() ? stored : codecs.decode(field, stored, caller);
    }

    void bind(PreparedStatement statement, int index, FieldDescriptor field, Object apiValue, StorageContext caller)
        throws SQLException {
        Object value = codecs.isEmpty() ? apiValue : codecs.encode(field, apiValue, caller);
        switch (field.type()) {
            case JSON_ARRAY, JSON_OBJECT -> dialect.bindJson(statement, index, value == null ? null : json.writeString(value));
            default -> bindScalar(statement, index, value);
        }
    }

    /**
     * Binds values in order from {@code start}.
     *
     * @return the index after the last one bound
     */
    static int bindScalars(PreparedStatement statement, int start, List<?> values) throws SQLException {
        int i = start;
        for (Object value : values) {
            bindScalar(statement, i++, value);
        }
        return i;
    }

    static void bindScalar(PreparedStatement statement, int index, Object value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof String s) {
            statement.setString(index, s);
        } else if (value instanceof Long l) {
            statement.setLong(index, l);
        } else if (value instanceof Double d) {
            statement.setDouble(index, d);
        } else if (value instanceof Boolean b) {
            statement.setBoolean(index, b);
        } else if (value instanceof Instant instant) {
            statement.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
        } else {
            statement.setObject(index, value);
        }
    }

    Object read(ResultSet rs, int index, FieldDescriptor field, StorageContext caller) throws SQLException {
        Object stored = readStored(rs, index, field);
        if (codecs.isEmpty()) {
            return stored;
        }
        try {
            return codecs.decode(field, stored, caller);
        } catch (FxException e) {
            throw withRecord(e, rs);
        }
    }

    /**
     * A codec's server-side failure (a value it cannot decode) names the row's record id in its logged message;
     * the answer's body carries the generic message of every 5xx either way, and a 4xx is left as it is.
     */
    private static FxException withRecord(FxException e, ResultSet rs) {
        if (e.getStatus() < 500) {
            return e;
        }
        String id;
        try {
            id = rs.getString("id");
        } catch (SQLException unavailable) {
            return e;
        }
        return new FxException(e.getStatus(), e.getCode(), e.getMessage() + " (record " + id + ")", e.getDetails(),
            e.getCause() != null ? e.getCause() : e, e.getRetryAfter().orElse(null));
    }

    private Object readStored(ResultSet rs, int index, FieldDescriptor field) throws SQLException {
        switch (field.type()) {
            case STRING:
                return rs.getString(index);
            case INTEGER: {
                long v = rs.getLong(index);
                return rs.wasNull() ? null : v;
            }
            case DECIMAL: {
                double v = rs.getDouble(index);
                return rs.wasNull() ? null : v;
            }
            case BOOLEAN: {
                boolean v = rs.getBoolean(index);
                return rs.wasNull() ? null : v;
            }
            case TIMESTAMP: {
                OffsetDateTime v = rs.getObject(index, OffsetDateTime.class);
                return v == null ? null : v.toInstant();
            }
            default: {
                String text = rs.getString(index);
                return text == null ? null : json.readDocument(text);
            }
        }
    }
}
