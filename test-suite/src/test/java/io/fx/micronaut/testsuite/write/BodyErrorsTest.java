package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertPlainError;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Bodies that are not a readable JSON object are 400s with their own codes and write nothing. */
@MicronautTest(environments = "test")
@TestDatabase
class BodyErrorsTest {

    @Inject
    Api api;
    String path;

    @BeforeEach
    void setUp() {
        path = GADGETS + "/" + api.create(GADGETS, Bodies.gadget("name", "Original"));
    }

    /** Sends the body as POST and as PATCH, expecting the same error and no change at all. */
    private void refusedBoth(byte[] body, int status, String code) {
        long before = api.count(GADGETS);
        assertPlainError(api.postBytes(GADGETS, body), status, code);
        assertEquals(before, api.count(GADGETS), "POST wrote nothing");
        assertPlainError(api.patchBytes(path, body), status, code);
        Map<String, Object> stored = api.get(path).data();
        assertEquals("Original", stored.get("name"), "PATCH changed nothing");
        assertEquals(before, api.count(GADGETS));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"name\":",
        "{name: 'x', category: 'tool'}",
        "{\"name\":\"x\",}",
        "{\"name\":\"x\" \"category\":\"tool\"}",
        "{\"name\":\"unterminated}",
        "not json at all",
        "{\"name\":\"x\",\"category\":\"tool\"} trailing",
        "{\"name\":\"x\",\"category\":\"tool\"}{\"name\":\"y\"}",
        "{\"name\":\"x\",\"category\":\"tool\"}]"
    })
    void malformedJsonIsInvalidJson(String body) {
        refusedBoth(utf8(body), 400, "INVALID_JSON");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[{\"name\":\"x\",\"category\":\"tool\"}]", "[]", "42", "-1.5", "null", "\"text\"",
        "true", "false"})
    void jsonThatIsNotAnObjectIsInvalidJson(String body) {
        refusedBoth(utf8(body), 400, "INVALID_JSON");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "   \n\t\r\n  "})
    void emptyOrWhitespaceBodyIsEmptyBody(String body) {
        refusedBoth(utf8(body), 400, "EMPTY_BODY");
    }

    @Test
    void missingBodyIsEmptyBody() {
        long before = api.count(GADGETS);
        assertPlainError(api.send("POST", GADGETS, null, Map.of()), 400, "EMPTY_BODY");
        assertPlainError(api.send("PATCH", path, null, Map.of()), 400, "EMPTY_BODY");
        assertEquals(before, api.count(GADGETS));
    }

    /** Hex of bytes placed inside the name string of an otherwise valid body. */
    @ParameterizedTest
    @ValueSource(strings = {"ff", "fe", "c328", "80", "e282", "f09f98", "c0af", "eda080", "f4908080", "f8888080af"})
    void invalidUtf8IsBodyReadError(String hex) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(utf8("{\"category\":\"tool\",\"name\":\"bad"));
        body.writeBytes(HexFormat.of().parseHex(hex));
        body.writeBytes(utf8("bytes\"}"));
        refusedBoth(body.toByteArray(), 400, "BODY_READ_ERROR");
    }

    @Test
    void invalidUtf8OutsideStringsIsBodyReadError() {
        byte[] body = HexFormat.of().parseHex("7bff7d");
        refusedBoth(body, 400, "BODY_READ_ERROR");
    }

    @Test
    void validMultiByteUtf8RoundTrips() {
        String name = "Gadget ☃ 日本 𝄞 émoji 😀";
        Api.Reply created = api.postBytes(GADGETS, utf8("{\"category\":\"tool\",\"name\":\"" + name + "\"}"));
        assertEquals(201, created.status(), created.toString());
        assertEquals(name, created.data().get("name"));
        assertEquals(name, api.get(GADGETS + "/" + created.data().get("id")).data().get("name"));
    }

    @Test
    void surroundingWhitespaceAndStructuralCharactersInsideStringsAreFine() {
        String escaped = "a}\\\"]{ [\\\\";
        Api.Reply created = api.postBytes(GADGETS, utf8(" \r\n\t{\"category\":\"tool\",\"name\":\"" + escaped
            + "\",\"specs\":{\"k\":[{}]}}\n\n "));
        assertEquals(201, created.status(), created.toString());
        assertEquals("a}\"]{ [\\", created.data().get("name"));
        Api.Reply updated = api.patchBytes(path, utf8("\n{\"name\":\"}\"}\t"));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals("}", updated.data().get("name"));
    }

    @Test
    void deeplyNestedJsonIsRefusedWithoutAServerError() {
        int depth = 5000;
        String body = "{\"name\":\"x\",\"category\":\"tool\",\"specs\":{\"a\":" + "[".repeat(depth) + "]".repeat(depth) + "}}";
        refusedBoth(utf8(body), 400, "INVALID_JSON");
    }
}
