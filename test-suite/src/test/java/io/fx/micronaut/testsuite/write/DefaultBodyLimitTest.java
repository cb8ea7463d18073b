package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertPlainError;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The default JSON body limit is 4 MB (4194304 bytes), inclusive. */
@MicronautTest(environments = "test")
@TestDatabase
class DefaultBodyLimitTest {

    private static final int FOUR_MB = 4 * 1024 * 1024;

    @Inject
    Api api;

    @Test
    void bodyOfExactlyFourMegabytesIsAccepted() {
        long before = api.count(GADGETS);
        Api.Reply reply = api.postBytes(GADGETS, Padded.gadget(FOUR_MB));
        assertEquals(201, reply.status(), reply.status() + " " + reply.text().substring(0, Math.min(300, reply.text().length())));
        assertEquals(before + 1, api.count(GADGETS));
    }

    @Test
    void oneByteOverFourMegabytesIsBodyTooLarge() {
        long before = api.count(GADGETS);
        assertPlainError(api.postBytes(GADGETS, Padded.gadget(FOUR_MB + 1)), 413, "BODY_TOO_LARGE");
        assertEquals(before, api.count(GADGETS));
        Api.Reply created = api.post(GADGETS, Bodies.gadget("name", "Kept"));
        String path = GADGETS + "/" + created.data().get("id");
        assertPlainError(api.patchBytes(path, Padded.gadget(FOUR_MB + 1)), 413, "BODY_TOO_LARGE");
        assertEquals("Kept", api.get(path).data().get("name"));
    }
}
