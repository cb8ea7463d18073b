package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.fx.micronaut.testsuite.support.Api.query;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two core seams of issue 31: per-property directive overrides in {@code ModelOptions}, here on a discovered
 * {@code @FxModel} class re-registered with {@code registration.optionsOf(...)} (its annotation's options kept), and
 * {@code ModelAccessor.findByUnique} on a plain unique column.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = DirectiveOverrideTest.SPEC)
@TestDatabase
class DirectiveOverrideTest {

    static final String SPEC = "DirectiveOverrideTest";

    /** Makes Ticket.subject required and unique without touching the class. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class SubjectOverride implements ModelRegistrar {
        @Override
        public void register(@NonNull ModelRegistration registration) {
            registration.register(Ticket.class, registration.optionsOf(Ticket.class)
                .directives("subject", "required, unique, filterable, sortable"));
        }
    }

    @Inject
    Api api;
    @Inject
    Models models;
    @Inject
    ModelRegistry registry;

    @Test
    void theOverrideReplacesThePropertysDirectivesAndKeepsTheAnnotatedOptions() {
        assertTrue(registry.findByName("Ticket").orElseThrow().findField("subject").orElseThrow().unique());
        assertEquals(1, registry.getModels().stream().filter(m -> m.getName().equals("Ticket")).count(),
            "registered again, the class replaces its discovered model");
        assertEquals(422, api.post("/api/tickets", Map.of("priority", 1)).status(), "now required");
        assertEquals(201, api.post("/api/tickets", Map.of("subject", "printer on fire", "priority", 1)).status());
        Api.Reply duplicate = api.post("/api/tickets", Map.of("subject", "printer on fire", "priority", 2));
        assertEquals(409, duplicate.status(), duplicate.toString());
        Api.Reply tooMany = api.get("/api/tickets" + query("filter", "subject:eq:a", "filter", "priority:eq:1",
            "filter", "priority:eq:2"));
        assertEquals(400, tooMany.status(), "@FxModel's limits still apply: " + tooMany);
    }

    @Test
    void findByUniqueReadsAPlainUniqueColumn() {
        String id = api.post("/api/tickets", Map.of("subject", "coffee machine", "priority", 3)).createdId();
        assertEquals(id, models.of(Ticket.class).findByUnique("subject", "coffee machine").orElseThrow().get("id"));
        assertFalse(models.of(Ticket.class).findByUnique("subject", "tea machine").isPresent());
        assertThrows(IllegalArgumentException.class, () -> models.of(Ticket.class).findByUnique("priority", 3L));
    }

    @Test
    void anOverrideOfAnUnknownPropertyFailsStartup() {
        String message = Failures.startupFailure(DirectiveOverrideTest.class.getSimpleName() + "Unknown",
            "directive-override.unknown", "true");
        assertTrue(message.contains("Model Ticket") && message.contains("'subjekt'"), message);
    }

    /** Overrides a property Ticket does not have. */
    @Singleton
    @Requires(property = "directive-override.unknown", value = "true")
    static class UnknownOverride implements ModelRegistrar {
        @Override
        public void register(@NonNull ModelRegistration registration) {
            registration.register(Ticket.class, registration.optionsOf(Ticket.class).directives("subjekt", "unique"));
        }
    }
}
