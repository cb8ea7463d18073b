package io.fx.micronaut.web;

import io.micronaut.http.MediaType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonBodyMediaTypeTest {

    private final JsonBodyMediaType json = new JsonBodyMediaType();

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "application/json; charset=utf-8", "Application/JSON",
        "application/problem+json", "application/vnd.api+json;charset=UTF-8"})
    void admitsJson(String type) {
        assertTrue(json.admits(MediaType.of(type)), type);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "text/json", "application/x-www-form-urlencoded", "multipart/form-data",
        "application/jsonp", "application/+json", "application/xml"})
    void refusesTheRest(String type) {
        assertFalse(json.admits(MediaType.of(type)), type);
    }
}
