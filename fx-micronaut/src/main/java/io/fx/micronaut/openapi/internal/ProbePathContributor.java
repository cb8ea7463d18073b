package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.config.ProbesConfiguration;
import io.fx.micronaut.config.Probe;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import jakarta.inject.Singleton;

import java.util.Set;

/**
 * The probes {@code /live}, {@code /ready} and {@code /health} as {@code ProbeController} serves them;
 * disabled probes are left out (they answer 404).
 */
@Singleton
@RequiresOpenApi
final class ProbePathContributor implements OpenApiContributor {

    private static final String TAG = "Probes";

    private final Set<Probe> disabled;

    ProbePathContributor(ProbesConfiguration probes) {
        this.disabled = probes.getDisabled();
    }

    @Override
    public int getOrder() {
        return PROBES;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        add(context, Probe.LIVE, "/live", "Liveness: always 200, no I/O, also while draining", null);
        add(context, Probe.READY, "/ready", "Readiness: 503 while starting or draining, or when a check fails",
            "Starting, draining, or a readiness check failed");
        add(context, Probe.HEALTH, "/health", "Legacy health route; pings the database with fx.health-check-db",
            "The database ping failed");
    }

    private void add(OpenApiBuildContext context, Probe probe, String path, String summary, String unavailable) {
        if (disabled.contains(probe)) {
            return;
        }
        ApiResponses responses = new ApiResponses()
            .addApiResponse("200", Responses.success(200, "Up", OpenApiNames.PROBE_STATUS));
        if (unavailable != null) {
            responses.addApiResponse("503", Responses.success(503, unavailable, OpenApiNames.PROBE_STATUS));
        }
        responses.addApiResponse(ErrorResponse.MIDDLEWARE.status(),
            new ApiResponse().$ref(OpenApiNames.responseRef(ErrorResponse.MIDDLEWARE.component())));
        Operation operation = new Operation().operationId(probe.name().toLowerCase() + "Probe").summary(summary)
            .addTagsItem(TAG).responses(responses);
        ApiResponses headResponses = new ApiResponses().addApiResponse("200", new ApiResponse()
            .description("Up (headers only)").addHeaderObject(OpenApiNames.REQUEST_ID, Responses.requestIdHeader()));
        if (unavailable != null) {
            headResponses.addApiResponse("503", new ApiResponse().description(unavailable + " (headers only)")
                .addHeaderObject(OpenApiNames.REQUEST_ID, Responses.requestIdHeader()));
        }
        headResponses.addApiResponse(ErrorResponse.MIDDLEWARE.status(), new ApiResponse()
            .description(ErrorResponse.MIDDLEWARE.description() + " (no body)"));
        Operation head = new Operation().operationId(probe.name().toLowerCase() + "ProbeHead")
            .summary("The probe's status and headers, no body").addTagsItem(TAG).responses(headResponses);
        context.getPaths().addPathItem(context.path(path), new PathItem().get(operation).head(head));
    }
}
