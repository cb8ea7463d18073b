package io.fx.micronaut.testsuite.seams;

import io.fx.micronaut.model.FieldType;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link FieldType#parse(String)}: the public seam through which a module's directive reads a typed value the way
 * the framework reads filter values and defaults.
 */
class FieldTypeParseTest {

    @Test
    void eachScalarTypeReadsItsValue() {
        assertEquals("  as is ", FieldType.STRING.parse("  as is "));
        assertEquals(42L, FieldType.INTEGER.parse(" 42 "));
        assertEquals(2.5d, FieldType.DECIMAL.parse("2.5"));
        assertEquals(Boolean.TRUE, FieldType.BOOLEAN.parse("TRUE"));
        assertEquals(Boolean.FALSE, FieldType.BOOLEAN.parse("false"));
        assertEquals(Instant.parse("2026-01-02T03:04:05.123456Z"),
            FieldType.TIMESTAMP.parse("2026-01-02T04:04:05.1234567+01:00"));
    }

    @Test
    void aValueOfAnotherTypeIsRefusedNamingTheText() {
        assertEquals("'many' is not an integer",
            assertThrows(IllegalArgumentException.class, () -> FieldType.INTEGER.parse("many")).getMessage());
        assertEquals("'NaN' is not a number",
            assertThrows(IllegalArgumentException.class, () -> FieldType.DECIMAL.parse("NaN")).getMessage());
        assertEquals("'yes' is not true or false",
            assertThrows(IllegalArgumentException.class, () -> FieldType.BOOLEAN.parse("yes")).getMessage());
        assertEquals("'2026-01-02' is not an RFC 3339 timestamp",
            assertThrows(IllegalArgumentException.class, () -> FieldType.TIMESTAMP.parse("2026-01-02")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> FieldType.JSON_OBJECT.parse("{}"));
    }
}
