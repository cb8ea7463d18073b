package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

@MicronautTest(environments = "test")
@Property(name = "spec.name", value = ProbeBeans.SPEC)
@TestDatabase
@Property(name = "fx.probes.disabled", value = "health,live")
class DisabledProbeTest {

    @Inject
    Api api;
    @Inject
    ProbeBeans.SharedProbeMiddleware shared;

    @Test
    void aDisabledProbeIs404AndRunsNoMiddleware() {
        int before = shared.calls.get();
        Api.Reply health = api.get("/api/health");
        assertEquals(404, health.status());
        assertEquals("NOT_FOUND", health.code());
        assertEquals(404, api.get("/api/live").status());
        assertEquals(before, shared.calls.get(), "no probe middleware ran");
        assertEquals(200, api.get("/api/ready").status(), "the others stay mounted");
    }
}
