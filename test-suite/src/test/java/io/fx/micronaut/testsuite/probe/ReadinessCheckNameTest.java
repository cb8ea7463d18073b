package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class ReadinessCheckNameTest {

    @ParameterizedTest
    @CsvSource({"BadCheckName, reserved name 'db'", "DuplicateCheckName, share the name 'cache'",
        "EmptyCheckName, has an empty name"})
    void badCheckNamesFailStartup(String spec, String message) {
        Map<String, Object> config = new HashMap<>(Databases.properties("ReadinessCheckNameTest" + spec));
        config.put("spec.name", spec);
        String all = Failures.startupFailure(config);
        assertTrue(all.contains(message), all);
    }
}
