package io.fx.micronaut.examples.jobs;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.events.jobs.JobHandler;
import io.fx.micronaut.events.jobs.JobOptions;
import io.fx.micronaut.events.jobs.JobQueue;
import io.fx.micronaut.events.jobs.JobStatus;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The admin routes, served only when {@code BLOG_ADMIN_TOKEN} is set (otherwise they are 404 {@code NOT_FOUND} as
 * any unknown path), each behind {@link AdminToken}: {@code POST /api/admin/jobs} enqueues a job
 * ({@code {type, payload, delay_ms}}, answered 202 {@code {data: {id, type, status}}}) and
 * {@code GET /api/admin/jobs/{id}} tells its status in snake_case, or 404 {@code NOT_FOUND}.
 *
 * @since 0.8.0
 */
@Factory
@Requires(property = JobVariables.ADMIN_TOKEN)
public class AdminJobs {

    private static final Map<String, Object> STRING = Map.of("type", "string");
    private static final Map<String, Object> NULLABLE_STRING = Map.of("type", List.of("string", "null"));

    @Singleton
    @Named("admin-token")
    AdminToken adminToken(@Property(name = JobVariables.ADMIN_TOKEN) String token) {
        return new AdminToken(token);
    }

    @Singleton
    @Named("enqueue-job")
    Action enqueue(JobQueue jobs, List<JobHandler> handlers, JsonMapper json, @Named("admin-token") AdminToken token) {
        Set<String> types = handlers.stream().map(JobHandler::type).collect(Collectors.toUnmodifiableSet());
        return Action.post("/admin/jobs", context -> {
                JobRequest request = JobRequest.of(body(context, json), types, json);
                String id = jobs.enqueue(request.type(), request.payload(),
                    JobOptions.defaults().withDelay(request.delay()));
                String status = jobs.status(id).map(s -> s.status().value()).orElse("enqueued");
                return FxResponse.of(202, Map.of("data", Map.of("id", id, "type", request.type(), "status", status)));
            })
            .middleware(token)
            .access(ActionAccess.PUBLIC)
            .openApi(ActionOpenApi.NONE.summary("Enqueue a background job (X-Admin-Token)")
                .requestSchema(Map.of("type", "object", "required", List.of("type"), "additionalProperties", false,
                    "properties", Map.of(
                        "type", Map.of("type", "string", "enum", types.stream().sorted().toList()),
                        "payload", Map.of("type", "object"),
                        "delay_ms", Map.of("type", "integer", "minimum", 0, "maximum", 86_400_000))))
                .responseSchema(data(Map.of("id", STRING, "type", STRING, "status", STRING))));
    }

    @Singleton
    @Named("job-status")
    Action status(JobQueue jobs, @Named("admin-token") AdminToken token) {
        return Action.get("/admin/jobs/{id}", context -> {
                String id = context.view().getPathParameter("id").orElseThrow();
                JobStatus status = jobs.status(id)
                    .orElseThrow(() -> ErrorCode.NOT_FOUND.exception("Job not found"));
                return Map.of("data", render(status));
            })
            .middleware(token)
            .access(ActionAccess.PUBLIC)
            .openApi(ActionOpenApi.NONE.summary("A background job's status (X-Admin-Token)")
                .responseSchema(data(Map.of("id", STRING, "type", STRING, "status", STRING,
                    "attempts", Map.of("type", "integer"), "last_error", NULLABLE_STRING,
                    "enqueued_at", STRING, "started_at", NULLABLE_STRING, "finished_at", NULLABLE_STRING))));
    }

    /** The JSON schema of {@code {data: {...}}} with these fields, all present. */
    private static Map<String, Object> data(Map<String, Object> fields) {
        return Map.of("type", "object", "required", List.of("data"), "properties", Map.of("data",
            Map.of("type", "object", "required", fields.keySet().stream().sorted().toList(), "properties", fields)));
    }

    private static Map<String, Object> body(RequestContext context, JsonMapper json) {
        byte[] bytes = context.payload().getRequestBody().bytes();
        if (bytes.length == 0) {
            throw ErrorCode.EMPTY_BODY.exception("A job request is a JSON object");
        }
        try {
            return json.readValue(bytes, Argument.mapOf(String.class, Object.class));
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.INVALID_JSON.exception("A job request is a JSON object");
        }
    }

    private static Map<String, Object> render(JobStatus status) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", status.id());
        out.put("type", status.type());
        out.put("status", status.status().value());
        out.put("attempts", status.attempts());
        out.put("last_error", status.lastError());
        out.put("enqueued_at", instant(status.enqueuedAt()));
        out.put("started_at", instant(status.startedAt()));
        out.put("finished_at", instant(status.finishedAt()));
        return out;
    }

    private static String instant(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
