package io.fx.micronaut.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one rule for record ids: a dashed UUID in any case, stored in lower case; nothing else. */
class RecordIdsTest {

    private static final String LOWER = "6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01";

    @Test
    void aUuidInAnyCaseIsAnIdStoredInLowerCase() {
        for (String id : List.of(LOWER, LOWER.toUpperCase(), "6F1d7A4e-7a4C-4c1E-9A59-3c1b2c5d9e01")) {
            assertTrue(RecordIds.isRecordId(id), id);
            assertEquals(LOWER, RecordIds.stored(id), id);
        }
        assertSame(LOWER, RecordIds.stored(LOWER), "an id already in lower case is not copied");
    }

    @Test
    void everythingElseIsNoId() {
        List<Object> others = List.of("", "1", "not-a-uuid", LOWER.replace("-", ""), "{" + LOWER.substring(1, 35) + "}",
            LOWER.substring(0, 35) + "g", LOWER.substring(0, 35) + "G", LOWER.replace('-', '_'), LOWER + "0",
            "+" + LOWER.substring(1), "-" + LOWER.substring(1), " " + LOWER.substring(1), "1-1-1-1-1",
            "' OR 1=1 --", 42, java.util.UUID.fromString(LOWER));
        for (Object other : others) {
            assertFalse(RecordIds.isRecordId(other), String.valueOf(other));
            assertNull(RecordIds.stored(other), String.valueOf(other));
        }
        assertFalse(RecordIds.isRecordId(null));
        assertNull(RecordIds.stored(null));
    }
}
