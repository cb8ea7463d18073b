package io.fx.micronaut.web;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.config.ProbesConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.lifecycle.FxLifecycle;
import io.fx.micronaut.config.Probe;
import io.fx.micronaut.lifecycle.ProbeMiddleware;
import io.fx.micronaut.lifecycle.ReadinessProbe;
import io.fx.micronaut.lifecycle.ReadinessState;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.PipelineExecutor;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.order.OrderUtil;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The probes {@code /live}, {@code /ready} and {@code /health} under the path prefix, outside the
 * pipeline: the Auth step never runs for them. A disabled probe answers 404 and runs no middleware.
 */
@Internal
@Controller("${fx.path-prefix:/api}")
public class ProbeController {

    private final FxLifecycle lifecycle;
    private final ReadinessProbe readiness;
    private final ResponseWriter writer;
    private final boolean publishChecks;
    private final boolean healthPingsDb;
    private final Set<Probe> disabled;
    private final Map<Probe, List<ProbeMiddleware>> chains = new EnumMap<>(Probe.class);

    ProbeController(FxLifecycle lifecycle, ReadinessProbe readiness, ResponseWriter writer, FxConfiguration configuration,
                    ProbesConfiguration probes, List<ProbeMiddleware> middleware) {
        this.lifecycle = lifecycle;
        this.readiness = readiness;
        this.writer = writer;
        this.publishChecks = probes.isPublishReadinessChecks();
        this.healthPingsDb = configuration.isHealthCheckDb();
        this.disabled = probes.getDisabled();
        List<ProbeMiddleware> ordered = new ArrayList<>(middleware);
        OrderUtil.sort(ordered);
        for (Probe probe : Probe.values()) {
            List<ProbeMiddleware> chain = new ArrayList<>();
            ordered.stream().filter(m -> m.probes().isEmpty()).forEach(chain::add);
            ordered.stream().filter(m -> m.probes().contains(probe)).forEach(chain::add);
            chains.put(probe, List.copyOf(chain));
        }
    }

    @Get("/live")
    HttpResponse<?> live(HttpRequest<?> request) {
        return serve(Probe.LIVE, request, () -> FxResponse.of(200, Map.of("status", "ok")));
    }

    @Get("/ready")
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> ready(HttpRequest<?> request) {
        return serve(Probe.READY, request, this::readiness);
    }

    @Get("/health")
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> health(HttpRequest<?> request) {
        return serve(Probe.HEALTH, request, () -> {
            if (healthPingsDb && !readiness.pingDatabase()) {
                return FxResponse.of(503, Map.of("status", "unavailable"));
            }
            return FxResponse.of(200, Map.of("status", "ok"));
        });
    }

    private FxResponse readiness() {
        ReadinessState state = lifecycle.getState();
        if (state != ReadinessState.READY) {
            return FxResponse.of(503, Map.of("status", state.name().toLowerCase()));
        }
        Map<String, Boolean> results = readiness.check();
        boolean ok = results.values().stream().allMatch(Boolean::booleanValue);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", ok ? "ok" : "unavailable");
        if (!ok) {
            // the names of the failing checks only (the database's is "db"), never their errors
            body.put("failed", results.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList());
        }
        if (publishChecks) {
            Map<String, String> checks = new LinkedHashMap<>();
            results.forEach((name, passed) -> checks.put(name, passed ? "ok" : "fail"));
            body.put("checks", checks);
        }
        return FxResponse.of(ok ? 200 : 503, body);
    }

    private HttpResponse<?> serve(Probe probe, HttpRequest<?> request, Supplier<FxResponse> target) {
        String requestId = RequestIds.of(request);
        FxResponse response;
        if (disabled.contains(probe)) {
            response = PipelineExecutor.error(ErrorCode.NOT_FOUND.exception("Not found"), requestId);
        } else {
            response = run(chains.get(probe), 0, probe, request, target);
        }
        return writer.write(response, request.getMethod(), requestId);
    }

    private static FxResponse run(List<ProbeMiddleware> chain, int index, Probe probe, HttpRequest<?> request,
                                  Supplier<FxResponse> target) {
        if (index == chain.size()) {
            return target.get();
        }
        return chain.get(index).handle(probe, request, () -> run(chain, index + 1, probe, request, target));
    }
}
