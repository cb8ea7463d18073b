package io.fx.micronaut.files.internal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class ByteRangeTest {

    @Test
    void oneRangeOfEachForm() {
        assertEquals(new ByteRange(0, 99), ByteRange.parse("bytes=0-99", 1000));
        assertEquals(new ByteRange(900, 999), ByteRange.parse("bytes=900-", 1000));
        assertEquals(new ByteRange(990, 999), ByteRange.parse("bytes=-10", 1000));
        assertEquals(new ByteRange(0, 999), ByteRange.parse("bytes=-5000", 1000));
        assertEquals(new ByteRange(500, 999), ByteRange.parse("bytes=500-5000", 1000));
    }

    @Test
    void pastTheEndIsUnsatisfiable() {
        assertSame(ByteRange.UNSATISFIABLE, ByteRange.parse("bytes=1000-", 1000));
        assertSame(ByteRange.UNSATISFIABLE, ByteRange.parse("bytes=-0", 1000));
    }

    @Test
    void severalOrMalformedMeanTheWholeFile() {
        assertNull(ByteRange.parse(null, 10));
        assertNull(ByteRange.parse("bytes=0-1,3-4", 10));
        assertNull(ByteRange.parse("bytes=5-2", 10));
        assertNull(ByteRange.parse("items=0-1", 10));
        assertNull(ByteRange.parse("bytes=a-b", 10));
        assertNull(ByteRange.parse("bytes=-", 10));
    }
}
