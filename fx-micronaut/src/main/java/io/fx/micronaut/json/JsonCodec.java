package io.fx.micronaut.json;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads request bodies and JSON columns into plain Java values (Map, List, String, Long or BigInteger,
 * Double or BigDecimal, Boolean, null) and writes responses, through the application's
 * {@link JsonMapper} (Micronaut Serialization or Jackson). A body must be well-formed UTF-8
 * ({@code BODY_READ_ERROR} otherwise) holding exactly one JSON object ({@code INVALID_JSON} otherwise).
 * Introspected beans in written values (such as validation violations) are written as objects.
 */
@Internal
@Singleton
public final class JsonCodec {

    private static final Argument<JsonNode> TREE = Argument.of(JsonNode.class);

    private final JsonMapper mapper;

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
        JsonNode tree;
        try {
            tree = mapper.readValue(body, TREE);
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.INVALID_JSON.exception("The request body is not valid JSON");
        }
        if (tree == null || !tree.isObject()) {
            throw ErrorCode.INVALID_JSON.exception("The request body must be a JSON object");
        }
        if (!SingleDocument.isSingleObject(body)) {
            throw ErrorCode.INVALID_JSON.exception("The request body must hold a single JSON object and nothing after it");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) toJava(tree);
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
            return toJava(mapper.readValue(text, TREE));
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

    private static Object toJava(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>(Math.max(4, node.size() * 2));
            for (Map.Entry<String, JsonNode> entry : node.entries()) {
                map.put(entry.getKey(), toJava(entry.getValue()));
            }
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>(node.size());
            for (JsonNode item : node.values()) {
                list.add(toJava(item));
            }
            return list;
        }
        if (node.isString()) {
            return node.getStringValue();
        }
        if (node.isBoolean()) {
            return node.getBooleanValue();
        }
        if (node.isNumber()) {
            return node.getNumberValue();
        }
        return null;
    }
}
