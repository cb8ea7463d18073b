package io.fx.micronaut.examples.cache;

import io.fx.micronaut.openapi.OpenApiCustomizer;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Documents the body of {@code GET /api/posts/{id}/summary} ({@link PostSummary}), which the generated document
 * leaves undescribed for a sub-resource that answers a JSON value of its own.
 *
 * @since 0.8.0
 */
@Singleton
public class SummaryDocumentation implements OpenApiCustomizer {

    @Override
    public void customize(OpenAPI document) {
        if (document.getPaths() == null) {
            return;
        }
        document.getPaths().forEach((path, item) -> {
            Operation read = item.getGet();
            if (path.endsWith("/posts/{id}/summary") && read != null && read.getResponses() != null) {
                ApiResponse ok = read.getResponses().get("200");
                if (ok != null) {
                    ok.content(new Content().addMediaType("application/json", new MediaType().schema(body())));
                }
            }
        });
    }

    private static Schema<Object> body() {
        Schema<Object> summary = object(Map.of(
            "id", new Schema<>().types(Set.of("string")).format("uuid"),
            "title", new Schema<>().types(Set.of("string")),
            "comment_count", new Schema<>().types(Set.of("integer")).minimum(BigDecimal.ZERO),
            "computed_at", new Schema<>().types(Set.of("string")).format("date-time")));
        summary.required(List.of("id", "title", "comment_count", "computed_at"));
        Schema<Object> body = object(Map.of("data", summary));
        body.required(List.of("data"));
        return body;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Schema<Object> object(Map<String, Schema> properties) {
        Schema<Object> object = new Schema<>();
        object.types(Set.of("object"));
        object.properties(new LinkedHashMap<>(properties));
        return object;
    }
}
