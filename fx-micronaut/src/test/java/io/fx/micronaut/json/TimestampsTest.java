package io.fx.micronaut.json;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The fast formatter writes exactly what {@link Instant#toString()} writes. */
class TimestampsTest {

    @Test
    void edgesMatchInstantToString() {
        for (Instant instant : List.of(Instant.EPOCH, Instant.ofEpochSecond(-1), Instant.ofEpochSecond(0, 1),
            Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999999999Z"),
            Instant.ofEpochSecond(253_402_300_800L), Instant.ofEpochSecond(-62_167_219_201L), Instant.MIN, Instant.MAX,
            Instant.parse("2000-02-29T12:00:00.100Z"), Instant.parse("1900-03-01T00:00:00.000010Z"),
            Instant.parse("2026-11-22T07:15:30.123456Z"), Instant.parse("1969-12-31T23:59:59.5Z"))) {
            assertEquals(instant.toString(), Timestamps.format(instant));
        }
    }

    @Test
    void randomInstantsMatchInstantToString() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            long second = random.nextLong(-62_167_219_200L - 1000, 253_402_300_800L + 1000);
            int nano = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nano);
            assertEquals(instant.toString(), Timestamps.format(instant));
        }
    }
}
