package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.relation.BadRelationModels.BadAction;
import io.fx.micronaut.testsuite.relation.BadRelationModels.KeylessCompanion;
import io.fx.micronaut.testsuite.relation.BadRelationModels.MissingCompanion;
import io.fx.micronaut.testsuite.relation.BadRelationModels.NoBackReference;
import io.fx.micronaut.testsuite.relation.BadRelationModels.UnknownTarget;
import io.fx.micronaut.testsuite.relation.BadRelationModels.UnregisteredJunction;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.SpecModels;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Broken relation declarations fail startup with a message naming the model and the field. */
@TestDatabase
class RelationStartupTest {

    /** Asserts that an application registering the model fails to start with the message. */
    private static void assertMessage(Class<?> model, String expected) {
        String message = Failures.startupFailure("RelationStartupTest" + model.getSimpleName(),
            SpecModels.PROPERTY, SpecModels.of(model));
        assertTrue(message.contains(expected), message);
    }

    @Test
    void anUnknownTargetFails() {
        assertMessage(UnknownTarget.class,
            "Model UnknownTarget, field strangers: the related model Stranger is not registered");
    }

    @Test
    void aMissingCompanionFails() {
        assertMessage(MissingCompanion.class,
            "Model MissingCompanion, field owner_ref: relation:Owner needs a companion "
            + "property 'owner' whose type is the related model");
    }

    @Test
    void anUnregisteredJunctionFails() {
        assertMessage(UnregisteredJunction.class,
            "Model UnregisteredJunction, field writers: through:NoSuchJunction names no registered junction model");
    }

    @Test
    void anUnknownReferentialActionFails() {
        assertMessage(BadAction.class,
            "Model BadAction, field writer_id: onDelete:explode is not one of cascade, setNull, "
            + "restrict, noAction");
    }

    @Test
    void aCompanionWithoutAKeyFails() {
        assertMessage(KeylessCompanion.class,
            "Model KeylessCompanion, field mentor: a property of model type Writer needs "
            + "a key property mentorId, or a String property marked relation:Mentor");
    }

    @Test
    void aHasManyWithoutAKeyPointingBackFails() {
        assertMessage(NoBackReference.class,
            "Model NoBackReference, field hubs: Hub has no key property pointing to "
            + "NoBackReference");
    }
}
