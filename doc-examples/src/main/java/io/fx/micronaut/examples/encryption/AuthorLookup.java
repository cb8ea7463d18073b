package io.fx.micronaut.examples.encryption;

import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.examples.blog.Author;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.fx.micronaut.model.RecordRenderer;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/authors/lookup {"email": "..."}}: the author with that e-mail, 200 {@code {data: author}}, or 404
 * {@code NOT_FOUND}; 422 {@code VALIDATION_ERROR} without a string {@code email}. An exact lookup through
 * {@code findByUnique}, which works whether the e-mail is stored encrypted (through its blind index) or not.
 *
 * @since 0.10.0
 */
@Factory
public class AuthorLookup {

    @Singleton
    @Named("author-lookup")
    Action lookup(Models models, RecordRenderer renderer, JsonMapper json) {
        // tag::lookup[]
        return Action.post("/authors/lookup", context -> {
                String email = email(context, json);
                ModelAccessor authors = models.of(Author.class);
                Map<String, Object> author = authors.findByUnique("email", email)
                    .orElseThrow(() -> ErrorCode.NOT_FOUND.exception("No author has this e-mail"));
                return Map.of("data", renderer.render(authors.model(), author));
            })
            // end::lookup[]
            .access(ActionAccess.PROTECTED)
            .openApi(ActionOpenApi.NONE.summary("Find an author by e-mail (exact match)")
                .requestSchema(Map.of("type", "object", "required", List.of("email"),
                    "properties", Map.of("email", Map.of("type", "string")))));
    }

    private static String email(RequestContext context, JsonMapper json) {
        byte[] bytes = context.payload().getRequestBody().bytes();
        Map<String, Object> body;
        try {
            body = bytes.length == 0 ? Map.of() : json.readValue(bytes, Argument.mapOf(String.class, Object.class));
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.INVALID_JSON.exception("A lookup is a JSON object {\"email\": \"...\"}");
        }
        if (body == null || !(body.get("email") instanceof String email) || email.isBlank()) {
            throw ErrorCode.VALIDATION_ERROR.exception("Validation failed",
                List.of(new ValidationViolation("email", "required", "email must be a non-empty string")), null);
        }
        return email;
    }
}
