package io.fx.micronaut.model;

import io.fx.micronaut.model.Values;

import io.fx.micronaut.model.FieldType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ValuesTest {

    @ParameterizedTest
    @CsvSource({"2024-05-01T10:15:30Z, 2024-05-01T10:15:30Z", "2024-05-01t10:15:30z, 2024-05-01T10:15:30Z",
        "2024-05-01 10:15:30+02:00, 2024-05-01T08:15:30Z", "2024-05-01T10:15:30.1234567-01:30, 2024-05-01T11:45:30.123456Z"})
    void parsesRfc3339ToMicroseconds(String text, String expected) {
        assertEquals(Instant.parse(expected), Values.parseTimestamp(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-05-01T10:15Z", "2024-05-01", "2024-05-01T10:15:30", "yesterday",
        "2024-13-01T10:15:30Z", "2024-05-01T10:15:30+0200"})
    void refusesEverythingElse(String text) {
        assertThrows(IllegalArgumentException.class, () -> Values.parseTimestamp(text));
    }

    @ParameterizedTest
    @CsvSource({"INTEGER, 12, 12", "DECIMAL, 1.5, 1.5", "BOOLEAN, TRUE, true", "STRING, x, x"})
    void castsScalars(FieldType type, String text, String expected) {
        assertEquals(expected, String.valueOf(Values.parseScalar(type, text)));
    }

    @ParameterizedTest
    @CsvSource({"INTEGER, 1.5", "INTEGER, 99999999999999999999", "DECIMAL, NaN", "DECIMAL, Infinity", "BOOLEAN, yes"})
    void refusesValuesThatDoNotFitTheType(FieldType type, String text) {
        assertThrows(IllegalArgumentException.class, () -> Values.parseScalar(type, text));
    }
}
