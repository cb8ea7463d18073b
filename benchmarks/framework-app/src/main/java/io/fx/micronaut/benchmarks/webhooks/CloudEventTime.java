package io.fx.micronaut.benchmarks.webhooks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.OptionalLong;

/**
 * Reads a CloudEvent's top-level {@code time} attribute (the write's instant, as fx-micronaut-events composes it)
 * from a webhook body, with Jackson's streaming parser: nested values (the {@code data}) are skipped, never bound.
 */
final class CloudEventTime {

    private static final JsonFactory JSON = new JsonFactory();

    private CloudEventTime() {
    }

    /**
     * @param body a CloudEvent in JSON
     * @return its {@code time} in microseconds since the epoch; empty when the body is not a JSON object with a
     * {@code time} string in RFC 3339 form
     */
    static OptionalLong micros(byte[] body) {
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return OptionalLong.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("time".equals(name) && value == JsonToken.VALUE_STRING) {
                    Instant time = Instant.parse(parser.getText());
                    return OptionalLong.of(time.getEpochSecond() * 1_000_000L + time.getNano() / 1_000);
                }
                parser.skipChildren();
            }
            return OptionalLong.empty();
        } catch (IOException | DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }
}
