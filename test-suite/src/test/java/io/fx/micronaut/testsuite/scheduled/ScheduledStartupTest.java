package io.fx.micronaut.testsuite.scheduled;

import ch.qos.logback.classic.Level;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scheduled field that cannot work fails startup naming the model and the field, with or without
 * {@code fx.strict}; so does a runner setting that cannot work, naming the key. Two schedules setting one field, the
 * later unguarded, start with a warning.
 */
class ScheduledStartupTest {

    private static Map<String, Object> registering(Class<?> model, Object... extra) {
        Map<String, Object> config = Databases.config("ScheduledStartupTest" + model.getSimpleName(), extra);
        config.put(SpecModels.PROPERTY, SpecModels.of(model));
        return config;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "WrongType|needs a nullable java.time.Instant property",
        "NoAction|directive 'scheduled' needs a value",
        "SeveralActions|names several actions",
        "UnknownOption|unknown option 'when=later'",
        "ToWithoutField|from/to without field=NAME",
        "FieldWithoutTo|needs to=VALUE",
        "UnknownField|'scheduled;field=colour' names no field of the model",
        "JsonField|must name a string, number or boolean data field",
        "NotCastable|option to: 'many' is not an integer for field count",
        "OutsideEnum|'gone' is not one of [draft, published] of field status",
        "SoftDeleteWithout|needs a model that soft-deletes",
        "Encrypted|encrypted"
    })
    void aScheduledFieldThatCannotWorkFailsNamingModelAndField(String model, String problem) throws Exception {
        Class<?> type = Class.forName(ScheduledStartupModels.class.getName() + "$" + model);
        String message = Failures.startupFailure(registering(type));
        assertTrue(message.contains("Model " + model + ", field at"), message);
        assertTrue(message.contains(problem), message);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "fx.scheduled.interval|0s|fx.scheduled.interval must be positive",
        "fx.scheduled.batch-size|0|fx.scheduled.batch-size must be positive",
        "fx.scheduled.lock-at-most-for|-1s|fx.scheduled.lock-at-most-for must be positive",
        "fx.scheduled.lock-at-least-for|10m|fx.scheduled.lock-at-least-for must be below fx.scheduled.lock-at-most-for",
        "fx.scheduled.stop-timeout|0s|fx.scheduled.stop-timeout must be positive"
    })
    void aRunnerSettingThatCannotWorkFailsNamingTheKey(String key, String value, String problem) {
        String message = Failures.startupFailure(registering(ScheduledStartupModels.Overlapping.class, key, value));
        assertTrue(message.contains(problem), message);
    }

    @Test
    void twoSchedulesOfOneFieldTheLaterUnguardedStartWithAWarning() {
        try (LogCapture log = new LogCapture("io.fx.micronaut.scheduled");
             ApplicationContext context = ApplicationContext.run(registering(ScheduledStartupModels.Overlapping.class,
                 "fx.scheduled.enabled", "false"))) {
            assertTrue(log.events().stream().anyMatch(e -> e.getLevel() == Level.WARN
                && e.getFormattedMessage().contains("Model Overlapping: scheduled fields publish_at and reset_at both "
                    + "set status, the later without from=")), log.text());
        }
    }
}
