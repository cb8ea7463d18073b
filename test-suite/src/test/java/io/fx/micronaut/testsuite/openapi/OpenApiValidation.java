package io.fx.micronaut.testsuite.openapi;

import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.util.List;

/** Runs swagger-parser's OpenAPI 3.1 validation (references resolved, internal references checked). */
public final class OpenApiValidation {

    private OpenApiValidation() {
    }

    static SwaggerParseResult parse(String json) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setValidateInternalRefs(true);
        return new OpenAPIV3Parser().readContents(json, null, options);
    }

    public static List<String> messages(String json) {
        SwaggerParseResult result = parse(json);
        return result.getMessages() == null ? List.of() : result.getMessages();
    }
}
