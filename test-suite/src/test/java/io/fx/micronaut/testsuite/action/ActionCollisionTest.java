package io.fx.micronaut.testsuite.action;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.testsuite.support.Failures;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpMethod;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class ActionCollisionTest {

    private static String failure(String spec) {
        return Failures.startupFailure("ActionCollisionTest" + spec, "spec.name", spec);
    }

    @Test
    void anActionOnAGeneratedCollectionRouteFailsStartup() {
        String message = failure("CollectionCollision");
        assertTrue(message.contains("Action POST /widgets collides with the generated route POST /widgets of model Widget"),
            message);
    }

    @Test
    void anActionOnAGeneratedRecordRouteFailsStartup() {
        String message = failure("RecordCollision");
        assertTrue(message.contains("Action PATCH /ledgers/{slug} collides with the generated route PATCH /ledgers/{id} of model Ledger"),
            message);
    }

    @Test
    void aParameterInTheCollectionSegmentCollidesWithEveryModel() {
        String message = failure("ParameterCollision");
        assertTrue(message.contains("Action GET /{anything} collides with the generated route GET /"), message);
    }

    @Test
    void twoActionsMatchingTheSameRequestsFailStartup() {
        String message = failure("DuplicateActions");
        // bean order is not defined, so either may be named first
        assertTrue(message.contains("Actions POST /jobs/{id}/run and POST /jobs/{job}/run match the same requests")
            || message.contains("Actions POST /jobs/{job}/run and POST /jobs/{id}/run match the same requests"), message);
    }

    @Test
    void aMalformedPathFailsStartup() {
        String message = failure("MalformedAction");
        assertTrue(message.contains("Action GET jobs: the path must start with '/'"), message);
    }

    @Factory
    static class CollidingActions {

        @Singleton
        @Requires(property = "spec.name", value = "CollectionCollision")
        Action collection() {
            return Action.post("/widgets", context -> null).access(ActionAccess.PUBLIC);
        }

        @Singleton
        @Requires(property = "spec.name", value = "RecordCollision")
        Action record() {
            return Action.of(HttpMethod.PATCH, "/ledgers/{slug}", context -> null).access(ActionAccess.PUBLIC);
        }

        @Singleton
        @Requires(property = "spec.name", value = "ParameterCollision")
        Action parameter() {
            return Action.get("/{anything}", context -> null).access(ActionAccess.PUBLIC);
        }

        @Singleton
        @Requires(property = "spec.name", value = "DuplicateActions")
        Action first() {
            return Action.post("/jobs/{id}/run", context -> null).access(ActionAccess.PUBLIC);
        }

        @Singleton
        @Requires(property = "spec.name", value = "DuplicateActions")
        Action second() {
            return Action.post("/jobs/{job}/run", context -> null).access(ActionAccess.PUBLIC);
        }

        @Singleton
        @Requires(property = "spec.name", value = "MalformedAction")
        Action malformed() {
            return Action.get("jobs", context -> null);
        }
    }
}
