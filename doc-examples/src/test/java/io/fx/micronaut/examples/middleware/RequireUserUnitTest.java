package io.fx.micronaut.examples.middleware;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The README's example of a middleware unit test: a context built without a server. */
class RequireUserUnitTest {

    // tag::middleware-unit-test[]
    @Test
    void anAnonymousWriteIsRefusedAndASignedInOneGoesOn() {
        RequireUser middleware = new RequireUser();

        RequestContext anonymous = RequestContext.builder(Operation.CREATE).build();
        middleware.handle(anonymous, () -> { });
        assertTrue(anonymous.response().isAborted());
        assertEquals(401, anonymous.response().find().orElseThrow().status());

        AtomicBoolean wentOn = new AtomicBoolean();
        RequestContext alice = RequestContext.builder(Operation.CREATE).principal(AuthInfo.of("alice")).build();
        middleware.handle(alice, () -> wentOn.set(true));
        assertTrue(wentOn.get());
        assertFalse(alice.response().isAborted());
    }
    // end::middleware-unit-test[]
}
