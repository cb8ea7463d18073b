package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The idempotency middleware refuses to start anywhere but the Deserialize step at position {@code AFTER} for
 * {@code CREATE} only, naming model, step and position; bad {@code fx.idempotency.*} values fail startup too.
 */
@TestDatabase
class IdempotencyStartupTest {

    static final String ON_UPDATE = "IdempotencyStartupTestOnUpdate";
    static final String ON_DB = "IdempotencyStartupTestOnDb";
    static final String EVERY_OPERATION = "IdempotencyStartupTestEveryOperation";

    @Test
    void aRegistrationOnUpdateFailsStartup() {
        String message = Failures.assertStartupFailure("FxLimits.idempotency() is registered on the DESERIALIZE step"
            + " at position AFTER for model Article, operations [UPDATE]", ON_UPDATE);
        assertTrue(message.contains("for CREATE only"), message);
    }

    @Test
    void aRegistrationOnTheDbStepFailsStartup() {
        Failures.assertStartupFailure("FxLimits.idempotency() is registered on the DB step at position BEFORE for"
            + " model Article", ON_DB);
    }

    @Test
    void aRegistrationCoveringEveryOperationFailsStartup() {
        Failures.assertStartupFailure("is registered on the DESERIALIZE step at position AFTER for model Article,"
            + " every operation", EVERY_OPERATION);
    }

    @Test
    void anUnknownStoreFailsStartup() {
        Failures.assertStartupFailure("fx.idempotency.store must be memory or redis, not 'disk'",
            "IdempotencyStartupTestStore", "fx.idempotency.store", "disk");
    }

    @Test
    void theRedisStoreWithoutRedisFailsStartup() {
        Failures.assertStartupFailure("the limits module uses Redis, but none is configured",
            "IdempotencyStartupTestRedis", "fx.idempotency.store", "redis");
    }

    @Test
    void anUnknownModelInHeaderRequiredFailsStartup() {
        Failures.assertStartupFailure("fx.idempotency.header-required names the model 'Ghost', which is not registered",
            "IdempotencyStartupTestRequired", "fx.idempotency.store", "memory", "fx.idempotency.header-required", "Ghost");
    }

    @Test
    void aNonPositiveTtlFailsStartup() {
        Failures.assertStartupFailure("fx.idempotency.ttl must be positive",
            "IdempotencyStartupTestTtl", "fx.idempotency.store", "memory", "fx.idempotency.ttl", "0s");
    }

    @Factory
    @Requires(property = "spec.name", value = ON_UPDATE)
    static class OnUpdate {
        @Singleton
        @Named("idempotency-on-update")
        PipelineConfigurer configurer(FxLimits limits) {
            return registry -> registry.use(Step.DESERIALIZE, limits.idempotency(IdempotencyConfig.defaults()),
                MiddlewareOptions.after().models("Article").operations(Operation.UPDATE));
        }
    }

    @Factory
    @Requires(property = "spec.name", value = ON_DB)
    static class OnDb {
        @Singleton
        @Named("idempotency-on-db")
        PipelineConfigurer configurer(FxLimits limits) {
            return registry -> registry.use(Step.DB, limits.idempotency(IdempotencyConfig.defaults()),
                MiddlewareOptions.before().models("Article").operations(Operation.CREATE));
        }
    }

    @Factory
    @Requires(property = "spec.name", value = EVERY_OPERATION)
    static class EveryOperation {
        @Singleton
        @Named("idempotency-every-operation")
        PipelineConfigurer configurer(FxLimits limits) {
            return registry -> registry.use(Step.DESERIALIZE, limits.idempotency(IdempotencyConfig.defaults()),
                MiddlewareOptions.after().models("Article"));
        }
    }
}
