package io.fx.micronaut.events.audit.internal;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AuditCallersTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(nullValues = "-", textBlock = """
        00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01, 4bf92f3577b34da6a3ce929d0e0e4736
        fe-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00, 4bf92f3577b34da6a3ce929d0e0e4736
        ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01, -
        00-00000000000000000000000000000000-00f067aa0ba902b7-01, -
        00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01, -
        00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01, -
        00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra, -
        00-4bf92f3577b34da6a3ce929d0e0e473-600f067aa0ba902b7-01, -
        0g-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01, -
        garbage, -
        """)
    void onlyAValidTraceparentGivesItsTraceId(String header, String expected) {
        assertEquals(expected, AuditCallers.traceId(header));
    }
}
