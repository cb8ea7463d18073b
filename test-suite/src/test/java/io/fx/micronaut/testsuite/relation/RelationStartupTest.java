package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Failures;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertTrue;

/** Broken relation declarations fail startup with a message naming the model and the field. */
@TestDatabase
class RelationStartupTest {

    private static String failure(String spec) {
        return Failures.startupFailure("RelationStartupTest" + spec, "spec.name", spec);
    }

    private static void assertMessage(String spec, String expected) {
        String message = failure(spec);
        assertTrue(message.contains(expected), message);
    }

    @Test
    void anUnknownTargetFails() {
        assertMessage("UnknownTarget", "Model UnknownTarget, field strangers: the related model Stranger is not registered");
    }

    @Test
    void aMissingCompanionFails() {
        assertMessage("MissingCompanion", "Model MissingCompanion, field owner_ref: relation:Owner needs a companion "
            + "property 'owner' whose type is the related model");
    }

    @Test
    void anUnregisteredJunctionFails() {
        assertMessage("UnregisteredJunction",
            "Model UnregisteredJunction, field writers: through:NoSuchJunction names no registered junction model");
    }

    @Test
    void anUnknownReferentialActionFails() {
        assertMessage("BadAction", "Model BadAction, field writer_id: onDelete:explode is not one of cascade, setNull, "
            + "restrict, noAction");
    }

    @Test
    void aCompanionWithoutAKeyFails() {
        assertMessage("KeylessCompanion", "Model KeylessCompanion, field mentor: a property of model type Writer needs "
            + "a key property mentorId, or a String property marked relation:Mentor");
    }

    @Test
    void aHasManyWithoutAKeyPointingBackFails() {
        assertMessage("NoBackReference", "Model NoBackReference, field hubs: Hub has no key property pointing to "
            + "NoBackReference");
    }
}
