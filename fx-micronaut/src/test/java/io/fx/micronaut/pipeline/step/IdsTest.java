package io.fx.micronaut.pipeline.step;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01", "6F1D7A4E-7A4C-4C1E-9A59-3C1B2C5D9E01"})
    void acceptsCanonicalUuids(String id) {
        assertTrue(Ids.isUuid(id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1", "not-a-uuid", "6f1d7a4e7a4c4c1e9a593c1b2c5d9e01",
        "6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e0g", "6f1d7a4e-7a4c-4c1e-9a59_3c1b2c5d9e01", "' OR 1=1 --"})
    void refusesEverythingElse(String id) {
        assertFalse(Ids.isUuid(id));
    }
}
