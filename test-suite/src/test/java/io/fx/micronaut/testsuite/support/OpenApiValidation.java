package io.fx.micronaut.testsuite.support;

import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.util.List;

/** Runs swagger-parser's OpenAPI 3.1 validation (references resolved, internal references checked). */
public final class OpenApiValidation {

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
}
