package io.fx.micronaut.model;

import io.micronaut.core.annotation.Nullable;

import java.util.Locale;

/**
 * The one rule for record ids ({@link BaseModel#getId()}) and the keys that name records: a UUID written as
 * 8-4-4-4-12 hex digits, accepted in any case and stored and compared in lower case. Anything else (no
 * dashes, braces, a sign, another length) names no record. The checks allocate nothing for an id already in
 * lower case, the form the store generates and answers.
 *
 * <pre>{@code
 * RecordIds.isRecordId("6F1D7A4E-7A4C-4C1E-9A59-3C1B2C5D9E01");   // true
 * RecordIds.stored("6F1D7A4E-7A4C-4C1E-9A59-3C1B2C5D9E01");       // "6f1d7a4e-7a4c-4c1e-9a59-3c1b2c5d9e01"
 * RecordIds.stored("6f1d7a4e7a4c4c1e9a593c1b2c5d9e01");           // null
 * }</pre>
 *
 * @since 0.7.0
 */
public final class RecordIds {

    private static final int LENGTH = 36;
    private static final int NOT_AN_ID = -1;
    private static final int LOWER_CASE = 0;
    private static final int MIXED_CASE = 1;

    private RecordIds() {
    }

    /**
     * @param candidate a candidate id, of any type
     * @return whether it is a record id, in any case
     */
    public static boolean isRecordId(@Nullable Object candidate) {
        return candidate instanceof String text && shape(text) != NOT_AN_ID;
    }

    /**
     * @param candidate a candidate id, of any type
     * @return the id in the form it is stored and compared in, lower case (the same string when it already
     *     is); null when the candidate is no record id
     */
    @Nullable
    public static String stored(@Nullable Object candidate) {
        if (!(candidate instanceof String text)) {
            return null;
        }
        return switch (shape(text)) {
            case LOWER_CASE -> text;
            case MIXED_CASE -> text.toLowerCase(Locale.ROOT);
            default -> null;
        };
    }

    private static int shape(String text) {
        if (text.length() != LENGTH) {
            return NOT_AN_ID;
        }
        int shape = LOWER_CASE;
        for (int i = 0; i < LENGTH; i++) {
            char c = text.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    return NOT_AN_ID;
                }
            } else if (c >= 'A' && c <= 'F') {
                shape = MIXED_CASE;
            } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return NOT_AN_ID;
            }
        }
        return shape;
    }
}
