package io.fx.micronaut.examples.encryption;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.encryption.KeyRotation;
import io.fx.micronaut.encryption.RotationFailure;
import io.fx.micronaut.encryption.RotationReport;
import io.fx.micronaut.examples.jobs.JobVariables;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /api/admin/rotate-keys}, served with {@code BLOG_ADMIN_TOKEN} behind the admin routes' token check
 * ({@code X-Admin-Token}, 401 {@code UNAUTHORIZED} without it): runs a {@link KeyRotation} and answers its report in
 * snake_case, 200 {@code {data: {scanned, rotated, skipped, failures, last_id, complete}}}; an unknown model, one
 * without encrypted field or an unavailable key is 422 {@code VALIDATION_ERROR}.
 *
 * @since 0.10.0
 */
@Factory
@Requires(property = JobVariables.ADMIN_TOKEN)
public class KeyRotationRoute {

    @Singleton
    @Named("rotate-keys")
    Action rotateKeys(KeyRotation rotation, JsonMapper json, @Named("admin-token") Middleware adminToken) {
        // tag::rotate[]
        return Action.post("/admin/rotate-keys", context -> {
                RotationReport report;
                try {
                    report = rotation.rotate(RotationBody.parse(body(context, json)));
                } catch (IllegalArgumentException e) {
                    throw ErrorCode.VALIDATION_ERROR.exception("Validation failed",
                        List.of(new ValidationViolation("model", "rotation", e.getMessage())), null);
                }
                return Map.of("data", render(report));
            })
            .middleware(adminToken)
            .access(ActionAccess.PUBLIC)
            // end::rotate[]
            .openApi(ActionOpenApi.NONE.summary("Re-encrypt stored values under another key (X-Admin-Token)")
                .requestSchema(Map.of("type", "object", "required", List.of("model", "to"), "additionalProperties", false,
                    "properties", Map.of(
                        "model", Map.of("type", "string"),
                        "from", Map.of("type", List.of("string", "null")),
                        "to", Map.of("type", "string"),
                        "after_id", Map.of("type", List.of("string", "null")),
                        "limit", Map.of("type", "integer", "minimum", 0),
                        "dry_run", Map.of("type", "boolean")))));
    }

    private static Map<String, Object> body(RequestContext context, JsonMapper json) {
        byte[] bytes = context.payload().getRequestBody().bytes();
        if (bytes.length == 0) {
            throw ErrorCode.EMPTY_BODY.exception("A rotation request is a JSON object");
        }
        try {
            return json.readValue(bytes, Argument.mapOf(String.class, Object.class));
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.INVALID_JSON.exception("A rotation request is a JSON object");
        }
    }

    private static Map<String, Object> render(RotationReport report) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scanned", report.scanned());
        out.put("rotated", report.rotated());
        out.put("skipped", report.skipped());
        out.put("failures", report.failures().stream().map(KeyRotationRoute::render).toList());
        out.put("last_id", report.lastId());
        out.put("complete", report.complete());
        return out;
    }

    private static Map<String, Object> render(RotationFailure failure) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("record_id", failure.recordId());
        out.put("field", failure.field());
        out.put("stage", failure.stage().name().toLowerCase(Locale.ROOT));
        out.put("reason", failure.reason());
        return out;
    }
}
