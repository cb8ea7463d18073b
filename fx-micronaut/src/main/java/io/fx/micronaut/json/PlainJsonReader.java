package io.fx.micronaut.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.micronaut.core.annotation.Internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON value straight into the plain values {@link PlainJsonWriter} writes (LinkedHashMap in
 * document order, ArrayList, String, Integer/Long/BigInteger, Double/BigDecimal, Boolean, null) in a
 * single streaming pass: no intermediate tree. A repeated member name keeps its first position and its
 * last value. Reading stops after the first value; whatever follows is the caller's concern.
 */
@Internal
final class PlainJsonReader {

    private final JsonFactory factory;

    /**
     * @param factory the streaming factory (thread-safe, shared)
     */
    PlainJsonReader(JsonFactory factory) {
        this.factory = factory;
    }

    /**
     * @param json UTF-8 JSON
     * @return the first value
     * @throws IOException when it is not well-formed JSON
     */
    Object read(byte[] json) throws IOException {
        try (JsonParser parser = factory.createParser(json)) {
            return root(parser);
        }
    }

    /**
     * @param json JSON text
     * @return the first value
     * @throws IOException when it is not well-formed JSON
     */
    Object read(String json) throws IOException {
        try (JsonParser parser = factory.createParser(json)) {
            return root(parser);
        }
    }

    private static Object root(JsonParser parser) throws IOException {
        return value(parser, parser.nextToken());
    }

    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        if (token == null) {
            throw new IOException("unexpected end of JSON input");
        }
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> parser.getNumberValue();
            case VALUE_NUMBER_FLOAT -> parser.getNumberType() == JsonParser.NumberType.BIG_DECIMAL
                ? parser.getDecimalValue() : (Object) parser.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new IOException("unexpected JSON token " + token);
        };
    }

    private static Map<String, Object> object(JsonParser parser) throws IOException {
        Map<String, Object> map = new LinkedHashMap<>();
        String name;
        while ((name = parser.nextFieldName()) != null) {
            map.put(name, value(parser, parser.nextToken()));
        }
        if (parser.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("unterminated JSON object");
        }
        return map;
    }

    private static List<Object> array(JsonParser parser) throws IOException {
        List<Object> list = new ArrayList<>();
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new IOException("unterminated JSON array");
            }
            list.add(value(parser, token));
        }
        return list;
    }
}
