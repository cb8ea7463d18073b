package io.fx.micronaut.json;

import com.fasterxml.jackson.core.JsonFactory;
import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads request bodies and JSON columns into plain Java values (Map, List, String, Integer, Long or
 * BigInteger, Double or BigDecimal, Boolean, null) in one streaming pass of Jackson's parser, and
 * writes responses straight to UTF-8 (values that are not plain go through the application's
 * {@link JsonMapper}, Micronaut Serialization or Jackson). A body must be well-formed UTF-8
 * ({@code BODY_READ_ERROR} otherwise) holding exactly one JSON object ({@code INVALID_JSON} otherwise).
 * Introspected beans in written values (such as validation violations) are written as objects.
 */
@Internal
@Singleton
public final class JsonCodec {

    /** The largest buffer a write starts with; bigger documents grow from there. */
    private static final int MAX_SIZE_HINT = 64 * 1024;

    private final JsonMapper mapper;
    /**
     * The size the next write's buffer starts at: the last document's plus a quarter, so a page of
     * rows is written without growing its buffer five times over. Racy on purpose: any value is correct.
     */
    private int sizeHint = 512;
    private final PlainJsonReader reader = new PlainJsonReader(new JsonFactory());

    /**
     * @param mapper the application's JSON mapper
     */
    public JsonCodec(JsonMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * Parses a request body that must be a JSON object.
     *
     * @param body the raw body, not empty
     * @return the object's members as plain Java values, in document order
     */
    @NonNull
    public Map<String, Object> readObject(@NonNull byte[] body) {
        if (!Utf8.isValid(body)) {
            throw ErrorCode.BODY_READ_ERROR.exception("The request body is not valid UTF-8");
        }
        Object value;
        try {
            value = reader.read(body);
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.INVALID_JSON.exception("The request body is not valid JSON");
        }
        if (!(value instanceof Map<?, ?>)) {
            throw ErrorCode.INVALID_JSON.exception("The request body must be a JSON object");
        }
        if (!SingleDocument.isSingleObject(body)) {
            throw ErrorCode.INVALID_JSON.exception("The request body must hold a single JSON object and nothing after it");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) value;
        return object;
    }

    /**
     * Parses a stored JSON document (a JSON column).
     *
     * @param text the JSON text
     * @return the document as plain Java values
     */
    public Object readDocument(@NonNull String text) {
        try {
            return reader.read(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param value plain Java values
     * @return the compact JSON text
     */
    @NonNull
    public String writeString(Object value) {
        return new String(new PlainJsonWriter(this::writeThroughMapper, 128).write(value), StandardCharsets.UTF_8);
    }

    /**
     * Writes a response body.
     *
     * @param value plain Java values
     * @return the UTF-8 JSON bytes
     */
    @NonNull
    public byte[] writeBytes(Object value) {
        byte[] json = new PlainJsonWriter(this::writeThroughMapper, sizeHint).write(value);
        sizeHint = Math.min(json.length + json.length / 4 + 64, MAX_SIZE_HINT);
        return json;
    }

    private byte[] writeThroughMapper(Object value) {
        try {
            return mapper.writeValueAsBytes(PlainValues.of(value));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
