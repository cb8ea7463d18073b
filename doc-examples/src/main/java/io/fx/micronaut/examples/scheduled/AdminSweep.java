package io.fx.micronaut.examples.scheduled;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.examples.jobs.AdminToken;
import io.fx.micronaut.examples.jobs.JobVariables;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.scheduled.ModelSweep;
import io.fx.micronaut.scheduled.ScheduledRunner;
import io.fx.micronaut.scheduled.SweepError;
import io.fx.micronaut.scheduled.SweepReport;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/admin/sweep}, served only when {@code BLOG_ADMIN_TOKEN} is set and behind the same
 * {@code X-Admin-Token} check as the job routes: sweeps the scheduled fields now and answers the report in
 * snake_case ({@code updated}, {@code deleted}, {@code skipped}, {@code truncated}, {@code errors} and
 * {@code per_model}).
 *
 * @since 0.9.0
 */
@Factory
@Requires(property = JobVariables.ADMIN_TOKEN)
public class AdminSweep {

    private static final Map<String, Object> INTEGER = Map.of("type", "integer");

    @Singleton
    @Named("sweep")
    Action sweep(ScheduledRunner runner, @Named("admin-token") AdminToken token) {
        return Action.post("/admin/sweep", context -> Map.of("data", render(runner.sweep())))
            .middleware(token)
            .access(ActionAccess.PUBLIC)
            .openApi(ActionOpenApi.NONE.summary("Sweep the scheduled fields now (X-Admin-Token)")
                .responseSchema(Map.of("type", "object", "required", List.of("data"), "properties", Map.of("data",
                    Map.of("type", "object", "properties", Map.of("updated", INTEGER, "deleted", INTEGER,
                        "skipped", INTEGER, "truncated", Map.of("type", "boolean"),
                        "errors", Map.of("type", "array"), "per_model", Map.of("type", "object")))))));
    }

    static Map<String, Object> render(SweepReport report) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("updated", report.updated());
        out.put("deleted", report.deleted());
        out.put("skipped", report.skipped());
        out.put("truncated", report.truncated());
        out.put("errors", report.errors().stream().map(AdminSweep::error).toList());
        Map<String, Object> perModel = new LinkedHashMap<>();
        report.perModel().forEach((model, sweep) -> perModel.put(model, model(sweep)));
        out.put("per_model", perModel);
        return out;
    }

    private static Map<String, Object> error(SweepError error) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", error.model());
        out.put("record_id", error.recordId());
        out.put("message", error.message());
        return out;
    }

    private static Map<String, Object> model(ModelSweep sweep) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("updated", sweep.updated());
        out.put("deleted", sweep.deleted());
        out.put("skipped", sweep.skipped());
        out.put("errors", sweep.errors());
        out.put("truncated", sweep.truncated());
        out.put("failed", sweep.failed());
        return out;
    }
}
