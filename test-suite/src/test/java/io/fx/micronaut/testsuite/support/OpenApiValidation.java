package io.fx.micronaut.testsuite.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Runs swagger-parser's OpenAPI 3.1 validation (references resolved, internal references checked). */
public final class OpenApiValidation {

    private static final ObjectMapper JSON = new ObjectMapper();

    private OpenApiValidation() {
    }

    public static SwaggerParseResult parse(String json) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setValidateInternalRefs(true);
        return new OpenAPIV3Parser().readContents(json, null, options);
    }

    /** @return what the validation found wrong with the document, none when it is valid */
    public static List<String> messages(String json) {
        SwaggerParseResult result = parse(json);
        return result.getMessages() == null ? List.of() : result.getMessages();
    }

    /**
     * GETs the document served at {@code path}, asserting a 200 and that the validation finds nothing wrong.
     *
     * @return the document as a JSON tree
     */
    public static JsonNode fetchValid(Api api, String path) {
        Api.Reply reply = api.get(path);
        assertEquals(200, reply.status(), reply.toString());
        assertEquals(List.of(), messages(reply.text()));
        try {
            return JSON.readTree(reply.text());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the text of each element of a JSON array */
    public static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(node -> values.add(node.asText()));
        return values;
    }
}
