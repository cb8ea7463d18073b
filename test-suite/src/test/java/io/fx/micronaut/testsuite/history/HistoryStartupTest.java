package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.SpecModels;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Versioning that cannot work fails startup naming the model (and the field). */
class HistoryStartupTest {

    private static Map<String, Object> registering(Class<?>... models) {
        Map<String, Object> config = Databases.config("HistoryStartupTest" + models[0].getSimpleName());
        config.put(SpecModels.PROPERTY, SpecModels.of(models));
        return config;
    }

    @Test
    void anUnknownVersioningOptionFailsNamingTheModel() {
        String message = Failures.startupFailure(registering(HistoryStartupModels.UnknownOption.class));
        assertTrue(message.contains("Model UnknownOption") && message.contains("versioned:everything"), message);
    }

    @Test
    void aFieldDirectiveOnTheClassFailsNamingTheModel() {
        String message = Failures.startupFailure(registering(HistoryStartupModels.FieldDirectiveOnClass.class));
        assertTrue(message.contains("Model FieldDirectiveOnClass") && message.contains("filterable"), message);
    }

    @Test
    void versionedOnAFieldFailsNamingModelAndField() {
        String message = Failures.startupFailure(registering(HistoryStartupModels.VersionedField.class));
        assertTrue(message.contains("Model VersionedField, field name") && message.contains("versioned"), message);
    }

    @Test
    void aHistoryModelWhoseNameIsTakenFailsNamingBoth() {
        String message = Failures.startupFailure(registering(HistoryStartupModels.Clash.class,
            HistoryStartupModels.ClashHistory.class));
        assertTrue(message.contains("ClashHistory"), message);
        assertTrue(message.contains("share the name"), message);
    }
}
