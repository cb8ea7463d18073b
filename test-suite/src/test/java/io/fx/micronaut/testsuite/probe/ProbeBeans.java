package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.config.Probe;
import io.fx.micronaut.lifecycle.ProbeMiddleware;
import io.fx.micronaut.lifecycle.ReadinessCheck;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.context.annotation.ConfigurationInject;
import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Test beans for ProbesTest and ReadinessCheckNameTest. */
final class ProbeBeans {

    static final String SPEC = "ProbesTest";

    private ProbeBeans() {
    }

    /** A check whose outcome and speed the test controls; counts its runs. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class ControlledCheck implements ReadinessCheck {
        final AtomicInteger runs = new AtomicInteger();
        final AtomicBoolean fail = new AtomicBoolean();
        volatile long sleepMillis;

        @Override
        public String name() {
            return "queue";
        }

        @Override
        public void check() throws Exception {
            runs.incrementAndGet();
            if (sleepMillis > 0) {
                Thread.sleep(sleepMillis);
            }
            if (fail.get()) {
                throw new IllegalStateException("secret-broker-password in the failure message");
            }
        }
    }

    /** Wraps every probe: adds a header; refuses with 401 when X-Probe-Deny is present. */
    @Singleton
    @Order(1)
    @Requires(property = "spec.name", value = SPEC)
    static class SharedProbeMiddleware implements ProbeMiddleware {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public FxResponse handle(Probe probe, HttpRequest<?> request, Supplier<FxResponse> next) {
            calls.incrementAndGet();
            if (request.getHeaders().contains("X-Probe-Deny")) {
                return FxResponse.of(401, Map.of("status", "denied"));
            }
            FxResponse response = next.get();
            Map<String, String> headers = new java.util.HashMap<>(response.headers());
            headers.put("X-Probe-Shared", probe.name());
            return new FxResponse(response.status(), response.body(), headers);
        }
    }

    /** Wraps /ready only, after the shared chain. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class ReadyOnlyMiddleware implements ProbeMiddleware {
        @Override
        public Set<Probe> probes() {
            return Set.of(Probe.READY);
        }

        @Override
        public FxResponse handle(Probe probe, HttpRequest<?> request, Supplier<FxResponse> next) {
            FxResponse response = next.get();
            return new FxResponse(response.status(), response.body(), Map.of("X-Ready-Only", "yes"));
        }
    }

    /** A check that always passes, one per {@code spec.checks.<key>.name}, for ReadinessCheckNameTest. */
    @EachProperty("spec.checks")
    @Requires(property = "spec.name", value = "ReadinessCheckNameTest")
    static class ListedCheck implements ReadinessCheck {
        private final String name;

        @ConfigurationInject
        ListedCheck(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void check() {
        }
    }
}
