package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.testsuite.support.Failures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadinessCheckNameTest {

    @ParameterizedTest
    @CsvSource({"BadCheckName, reserved name 'db'", "DuplicateCheckName, share the name 'cache'",
        "EmptyCheckName, has an empty name"})
    void badCheckNamesFailStartup(String spec, String message) {
        String all = Failures.startupFailure(Map.of(
            "spec.name", spec,
            "datasources.default.url", "jdbc:h2:mem:" + spec + ";DB_CLOSE_DELAY=-1",
            "datasources.default.driver-class-name", "org.h2.Driver"));
        assertTrue(all.contains(message), all);
    }
}
