package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.UUID;

import static io.fx.micronaut.testsuite.model.ModelPaths.LEDGERS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertInternalError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** An unexpected exception in middleware is 500 {@code PANIC} with the generic status text only. */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "spec.name", value = "PanicTest")
class PanicTest {

    @Inject
    Api api;

    @Test
    void panickingCreateIsGenericAndWritesNothing() {
        long before = api.count(LEDGERS);
        Api.Reply reply = api.post(LEDGERS, Map.of("title", "Never stored"));
        assertInternalError(reply, "PANIC");
        assertFalse(reply.text().contains(PanicMiddleware.SECRET), reply.toString());
        assertEquals(before, api.count(LEDGERS), "the Service step runs before the DB step");
    }

    @Test
    void panickingReadIsGeneric() {
        assertInternalError(api.get(LEDGERS + "/" + UUID.randomUUID()), "PANIC");
    }

    @Test
    void otherModelsAndOperationsAreUnaffected() {
        Api.Reply gadget = api.post("/api/gadgets", Bodies.gadget());
        assertEquals(201, gadget.status(), gadget.toString());
        Api.Reply list = api.get(LEDGERS);
        assertEquals(200, list.status(), list.toString());
    }
}
