package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertPlainError;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A server limit ({@code micronaut.server.max-request-size}) lowered with {@code fx.max-body-size} (a higher
 * {@code fx.max-body-size} fails startup): a body over both gets the 413 envelope.
 */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "micronaut.server.max-request-size", value = "1024")
@Property(name = "fx.max-body-size", value = "1024")
class ServerRequestSizeTest {

    @Inject
    Api api;

    @Test
    void bodyUnderTheServerLimitIsServed() {
        Api.Reply reply = api.postBytes(GADGETS, Padded.gadget(1000));
        assertEquals(201, reply.status(), reply.toString());
    }

    @Test
    void bodyOverTheServerLimitIsBodyTooLargeOnCreate() {
        long before = api.count(GADGETS);
        assertPlainError(api.postBytes(GADGETS, Padded.gadget(4096)), 413, "BODY_TOO_LARGE");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void bodyOverTheServerLimitIsBodyTooLargeOnUpdate() {
        String path = GADGETS + "/" + api.create(GADGETS, Bodies.gadget("name", "Kept"));
        assertPlainError(api.patchBytes(path, Padded.gadget(64 * 1024)), 413, "BODY_TOO_LARGE");
        assertEquals("Kept", api.get(path).data().get("name"));
    }
}
