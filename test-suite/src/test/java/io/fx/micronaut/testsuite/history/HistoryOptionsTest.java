package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.model.Versioning;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The programmatic form: a registrar's {@code ModelOptions.versioning(...)} versions a model as the annotation does. */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = HistoryOptionsTest.SPEC)
@TestDatabase
class HistoryOptionsTest {

    static final String SPEC = "HistoryOptionsTest";

    @Inject
    Api api;

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registration) {
            registration.register(HistoryStartupModels.Registered.class,
                ModelOptions.defaults().table("registered_things").versioning(new Versioning(true, false)));
        }
    }

    @Test
    void aRegistrarsOptionsVersionTheModel() {
        String id = api.create("/api/registered_things", Map.of("label", "one"));
        assertEquals(200, api.patch("/api/registered_things/" + id, Map.of("label", "two")).status());
        Api.Reply history = api.get("/api/registered_things/" + id + "/history");
        assertEquals(200, history.status(), history.toString());
        assertEquals(List.of("update", "create"), history.list().stream().map(r -> r.get("operation")).toList());
        assertEquals(Map.of("old", "one", "new", "two"), ((Map<?, ?>) history.list().get(0).get("diff")).get("label"));
        assertFalse(history.list().get(0).containsKey("snapshot"), "diff-only: " + history);
    }
}
