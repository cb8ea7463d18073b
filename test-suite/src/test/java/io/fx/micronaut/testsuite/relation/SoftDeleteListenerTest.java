package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A soft delete of a model with relations pointing at it, whose listeners do not observe soft deletes
 * ({@code RecordListener.observesSoftDeletes}), runs its soft delete first and the relations' actions after it, with
 * no pre-image and no call to those listeners, and keeps every answer: the cascade still reaches the children (and a
 * listener of a hard-deleting child still sees each row it removes), a restricting child still refuses the delete
 * with 409 and rolls the soft delete back, a missing record is 404. A hard-deleting model's deletes are still
 * reported.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = SoftDeleteListenerBeans.SPEC)
@TestDatabase
class SoftDeleteListenerTest {

    @Inject
    Api api;
    @Inject
    Seed seed;
    @Inject
    SoftDeleteListenerBeans.Removals removals;

    @BeforeEach
    void clear() {
        removals.seen.clear();
    }

    @Test
    void aSoftDeleteNoListenerObservesReadsNoPreImageAndStillCascades() {
        String depot = seed.create("depots", Map.of("name", "d"));
        String crate = seed.create("crates", Map.of("depot_id", depot));
        String pallet = seed.create("pallets", Map.of("depot_id", depot));
        Api.Reply deleted = api.delete("/api/depots/" + depot);
        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals("no", deleted.header("X-Pre-Image"));
        assertEquals(404, api.get("/api/depots/" + depot).status());
        assertEquals(404, api.get("/api/crates/" + crate).status());
        assertEquals(404, api.get("/api/pallets/" + pallet).status());
        assertEquals(List.of("DELETE Pallet " + pallet + " removal cascade with pre-image"), List.copyOf(removals.seen));
        assertEquals(404, api.delete("/api/depots/" + depot).status(), "deleted once");
    }

    @Test
    void aRestrictingChildStillRefusesAndRollsTheSoftDeleteBack() {
        String depot = seed.create("depots", Map.of("name", "d"));
        String seal = seed.create("seals", Map.of("depot_id", depot));
        Api.Reply refused = api.delete("/api/depots/" + depot);
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("CONFLICT", refused.code());
        assertEquals(200, api.get("/api/depots/" + depot).status());
        assertEquals(204, api.delete("/api/seals/" + seal).status());
        assertEquals(204, api.delete("/api/depots/" + depot).status());
        assertEquals(List.of(), List.copyOf(removals.seen));
    }

    @Test
    void aMissingRecordIsStill404() {
        assertEquals(404, api.delete("/api/depots/00000000-0000-4000-8000-000000000000").status());
        assertEquals(404, api.delete("/api/depots/not-an-id").status());
        assertEquals(List.of(), List.copyOf(removals.seen));
    }

    @Test
    void aHardDeletingModelsDeletesAreStillReported() {
        String depot = seed.create("depots", Map.of("name", "d"));
        String pallet = seed.create("pallets", Map.of("depot_id", depot));
        Api.Reply deleted = api.delete("/api/pallets/" + pallet);
        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals("yes", deleted.header("X-Pre-Image"));
        assertEquals(List.of("DELETE Pallet " + pallet + " removal with pre-image"), List.copyOf(removals.seen));
    }
}
