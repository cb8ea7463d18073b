package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.RecordRenderer;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The record renderer a module uses for copies of records (events, history): the same fields, values and bytes
 * as a read, and without the redacted fields: those a read hides and those a directive marks (the events tests'
 * {@code confidential}, as {@code encrypted} will).
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "RecordRendererTest")
@TestDatabase
class RecordRendererTest {

    @Inject
    Api api;
    @Inject
    Models models;
    @Inject
    ModelRegistry registry;
    @Inject
    RecordRenderer renderer;

    @Test
    void rendersARecordAsAReadAnswersIt() {
        String id = api.create("/api/parcels", Map.of("label", "rendered", "secret", "s", "pin", "1234", "weight", 7));
        Api.Reply read = api.get("/api/parcels/" + id);
        ModelDescriptor parcel = registry.findByName("Parcel").orElseThrow();
        Map<String, Object> stored = models.of("Parcel").read(id).orElseThrow();

        Map<String, Object> rendered = renderer.render(parcel, stored);
        assertEquals(List.copyOf(read.data().keySet()), List.copyOf(rendered.keySet()), "declaration order");
        String json = new String(renderer.toJson(rendered), StandardCharsets.UTF_8);
        assertTrue(read.text().contains(json), "the same bytes as the response: " + json + " in " + read.text());

        Map<String, Object> redacted = renderer.renderRedacted(parcel, stored);
        assertFalse(redacted.containsKey("pin"), "marked redacted by a directive");
        assertFalse(redacted.containsKey("secret"), "write-only");
        assertEquals("rendered", redacted.get("label"));
        assertEquals(id, redacted.get("id"));
    }

    @Test
    void aFieldIsRedactedWhenAReadHidesItOrADirectiveMarksIt() {
        ModelDescriptor parcel = registry.findByName("Parcel").orElseThrow();
        assertTrue(parcel.findField("pin").orElseThrow().isRedacted());
        assertTrue(parcel.findField("pin").orElseThrow().isReadable(), "a read still returns it");
        assertTrue(parcel.findField("secret").orElseThrow().isRedacted());
        assertFalse(parcel.findField("label").orElseThrow().isRedacted());
        assertFalse(parcel.findField("id").orElseThrow().isRedacted());
    }
}
