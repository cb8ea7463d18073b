package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertPlainError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code fx.max-body-size} set small: the boundary is inclusive and the answer is 413 {@code BODY_TOO_LARGE}. */
@MicronautTest(environments = "test")
@TestDatabase
@Property(name = "fx.max-body-size", value = "256")
class BodyLimitTest {

    @Inject
    Api api;

    @Test
    void bodyOfExactlyTheLimitIsAccepted() {
        long before = api.count(GADGETS);
        Api.Reply created = api.postBytes(GADGETS, Padded.gadget(256));
        assertEquals(201, created.status(), created.toString());
        assertEquals(before + 1, api.count(GADGETS));
        Api.Reply updated = api.patchBytes(GADGETS + "/" + created.data().get("id"), Padded.gadget(256));
        assertEquals(200, updated.status(), updated.toString());
    }

    @Test
    void oneByteOverTheLimitIsBodyTooLargeOnCreate() {
        long before = api.count(GADGETS);
        Api.Reply reply = api.postBytes(GADGETS, Padded.gadget(257));
        assertPlainError(reply, 413, "BODY_TOO_LARGE");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void overTheLimitIsBodyTooLargeOnUpdateAndChangesNothing() {
        Api.Reply created = api.post(GADGETS, Bodies.gadget("name", "Small"));
        String path = GADGETS + "/" + created.data().get("id");
        String big = "{\"name\":\"" + "y".repeat(300) + "\"}";
        assertPlainError(api.patchBytes(path, big.getBytes(StandardCharsets.UTF_8)), 413, "BODY_TOO_LARGE");
        assertEquals("Small", api.get(path).data().get("name"));
    }

    @Test
    void theLimitCountsBytesNotCharacters() {
        long before = api.count(GADGETS);
        String name = "☃".repeat(80);
        byte[] body = ("{\"category\":\"tool\",\"name\":\"" + name + "\"}").getBytes(StandardCharsets.UTF_8);
        assertTrue(body.length > 256 && ("{\"category\":\"tool\",\"name\":\"" + name + "\"}").length() < 256);
        assertPlainError(api.postBytes(GADGETS, body), 413, "BODY_TOO_LARGE");
        assertEquals(before, api.count(GADGETS));
    }

    @Test
    void anInvalidBodyOverTheLimitIsStillBodyTooLarge() {
        long before = api.count(GADGETS);
        byte[] body = ("{" + " ".repeat(300) + "broken").getBytes(StandardCharsets.UTF_8);
        assertPlainError(api.postBytes(GADGETS, body), 413, "BODY_TOO_LARGE");
        assertEquals(before, api.count(GADGETS));
    }
}
