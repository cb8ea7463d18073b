package io.fx.micronaut.testsuite.probe;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

@TestDatabase
class ReadinessCheckNameTest {

    /** Each row: a scenario, the names of its checks, a line of the startup failure. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        BadCheckName       | db          | reserved name 'db'
        DuplicateCheckName | cache,cache | share the name 'cache'
        EmptyCheckName     | ' '         | has an empty name
        """)
    void badCheckNamesFailStartup(String scenario, String names, String message) {
        Map<String, Object> config = Databases.config("ReadinessCheckNameTest" + scenario,
            "spec.name", "ReadinessCheckNameTest");
        String[] each = names.split(",");
        for (int i = 0; i < each.length; i++) {
            config.put("spec.checks.c" + i + ".name", each[i]);
        }
        String all = Failures.startupFailure(config);
        assertTrue(all.contains(message), all);
    }
}
