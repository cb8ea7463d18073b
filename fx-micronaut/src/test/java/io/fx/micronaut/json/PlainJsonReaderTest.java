package io.fx.micronaut.json;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The streaming reader gives the same plain values as reading the mapper's tree and converting it, and
 * those values write back to the same bytes.
 */
class PlainJsonReaderTest {

    private final ObjectMapper mapper = ObjectMapper.getDefault();
    private final JsonCodec codec = new JsonCodec(mapper);

    private static final List<String> DOCUMENTS = List.of(
        "{}", "[]", "{\"a\":1}", "{\"a\":-0,\"b\":2147483647,\"c\":2147483648,\"d\":9223372036854775807,"
            + "\"e\":9223372036854775808,\"f\":-123456789012345678901234567890}",
        "{\"a\":1.5,\"b\":-0.0,\"c\":1e5,\"d\":1E-7,\"e\":123456789.125,\"f\":12.50,\"g\":1.0e308,\"h\":0.1}",
        "{\"s\":\"plain\",\"u\":\"caf\\u00e9 \\ud83d\\ude00 \\n\\t\\\"\\\\ /\",\"raw\":\"é😀\"}",
        "{\"t\":true,\"f\":false,\"n\":null,\"nested\":{\"list\":[1,[2,{\"x\":[]}],\"y\",null]}}",
        "{\"dup\":1,\"other\":2,\"dup\":3}",
        "[1,\"two\",3.5,{\"four\":4}]", "\"text\"", "42", "null", "  {\"spaced\" : [ 1 , 2 ] }  ");

    @Test
    void sameValuesAsTheMappersTree() throws IOException {
        for (String document : DOCUMENTS) {
            Object expected = toJava(mapper.readValue(document, Argument.of(JsonNode.class)));
            Object actual = codec.readDocument(document);
            assertEquals(expected, actual, document);
            if (expected != null) {
                assertEquals(new String(mapper.writeValueAsBytes(expected), StandardCharsets.UTF_8),
                    codec.writeString(actual), document);
            }
        }
    }

    @Test
    void bodiesKeepTheirErrors() {
        assertEquals(Map.of("a", 1), codec.readObject("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
        for (String bad : List.of("{", "{\"a\":", "{\"a\":1,}", "[1,", "{\"a\" 1}", "nul", "{'a':1}", "")) {
            FxException e = assertThrows(FxException.class, () -> codec.readObject(bad.getBytes(StandardCharsets.UTF_8)), bad);
            assertEquals(ErrorCode.INVALID_JSON.name(), e.getCode(), bad);
            assertEquals("The request body is not valid JSON", e.getMessage(), bad);
        }
        for (String notObject : List.of("[1]", "42", "\"x\"", "null")) {
            FxException e = assertThrows(FxException.class, () -> codec.readObject(notObject.getBytes(StandardCharsets.UTF_8)));
            assertEquals("The request body must be a JSON object", e.getMessage(), notObject);
        }
        for (String trailing : List.of("{} {}", "{\"a\":1} x", "{}[]")) {
            FxException e = assertThrows(FxException.class, () -> codec.readObject(trailing.getBytes(StandardCharsets.UTF_8)));
            assertEquals("The request body must hold a single JSON object and nothing after it", e.getMessage(), trailing);
        }
        FxException e = assertThrows(FxException.class, () -> codec.readObject(new byte[] {'{', '"', (byte) 0xC3, '"', '}'}));
        assertEquals(ErrorCode.BODY_READ_ERROR.name(), e.getCode());
    }

    /** What the codec did before it read in one pass: the mapper's tree, converted. */
    private static Object toJava(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> entry : node.entries()) {
                map.put(entry.getKey(), toJava(entry.getValue()));
            }
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
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
        return node.getNumberValue();
    }
}
