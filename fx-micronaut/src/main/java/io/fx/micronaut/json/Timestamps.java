package io.fx.micronaut.json;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.time.Instant;

/**
 * Formats instants as RFC 3339 UTC text, exactly as {@link Instant#toString()} does (seconds always,
 * the fraction in groups of three digits only as far as needed), without going through a
 * {@code DateTimeFormatter}: every timestamp of every response passes here.
 */
@Internal
public final class Timestamps {

    private static final long SECONDS_PER_DAY = 86_400L;
    /** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z: outside, {@link Instant#toString()} adds signs. */
    private static final long MIN_SECOND = -62_167_219_200L;
    private static final long MAX_SECOND = 253_402_300_800L;

    private Timestamps() {
    }

    /**
     * @param instant an instant
     * @return the same text as {@code instant.toString()}
     */
    @NonNull
    public static String format(@NonNull Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < MIN_SECOND || seconds >= MAX_SECOND) {
            return instant.toString();
        }
        int nano = instant.getNano();
        long day = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        // civil date from days since 1970-01-01 (Howard Hinnant's algorithm)
        long z = day + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        int dayOfMonth = (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
        int month = (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
        int year = (int) (yearOfEra + era * 400 + (month <= 2 ? 1 : 0));

        char[] out = new char[30];
        int n = 0;
        n = digits(out, n, year, 4);
        out[n++] = '-';
        n = digits(out, n, month, 2);
        out[n++] = '-';
        n = digits(out, n, dayOfMonth, 2);
        out[n++] = 'T';
        n = digits(out, n, secondOfDay / 3600, 2);
        out[n++] = ':';
        n = digits(out, n, secondOfDay / 60 % 60, 2);
        out[n++] = ':';
        n = digits(out, n, secondOfDay % 60, 2);
        if (nano != 0) {
            out[n++] = '.';
            if (nano % 1_000_000 == 0) {
                n = digits(out, n, nano / 1_000_000, 3);
            } else if (nano % 1000 == 0) {
                n = digits(out, n, nano / 1000, 6);
            } else {
                n = digits(out, n, nano, 9);
            }
        }
        out[n++] = 'Z';
        return new String(out, 0, n);
    }

    private static int digits(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }
}
