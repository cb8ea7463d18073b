package io.fx.micronaut.security.revocation;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StoredIdsTest {

    @Test
    void idsThatFitAreKeptAsTheyAre() {
        String longest = "x".repeat(StoredIds.MAX_LENGTH);
        assertEquals("3f2c-jti", StoredIds.of("3f2c-jti"));
        assertEquals(longest, StoredIds.of(longest));
        assertEquals("", StoredIds.of(""));
    }

    @Test
    void otherIdsAreKeptAsTheirDigest() {
        String tooLong = "x".repeat(StoredIds.MAX_LENGTH + 1);
        for (String id : new String[] {tooLong, "a\u0000b", "emoji-\uD83D\uDE00", "lone-\uD800", "sha256:abc"}) {
            String stored = StoredIds.of(id);
            assertTrue(stored.matches("sha256:[A-Za-z0-9_-]{43}"), id + " -> " + stored);
            assertEquals(stored, StoredIds.of(id), "the same id, the same form");
        }
        assertNotEquals(StoredIds.of(tooLong), StoredIds.of(tooLong + "x"));
        assertNotEquals(StoredIds.of("lone-\uD800"), StoredIds.of("lone-\uD801"), "no encoding merges lone surrogates");
        assertNotEquals(StoredIds.of(tooLong), StoredIds.of(StoredIds.of(tooLong)),
            "an id that looks like a digest is digested in turn");
    }
}
