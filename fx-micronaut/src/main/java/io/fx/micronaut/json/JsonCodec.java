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

    private final JsonMapper mapper;
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
        return new String(writeBytes(value), StandardCharsets.UTF_8);
    }

    /**
     * @param value plain Java values
     * @return the UTF-8 JSON bytes
     */
    @NonNull
    public byte[] writeBytes(Object value) {
        return new PlainJsonWriter(this::writeThroughMapper).write(value);
    }

    private byte[] writeThroughMapper(Object value) {
        try {
            return mapper.writeValueAsBytes(PlainValues.of(value));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
