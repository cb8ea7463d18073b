package io.fx.micronaut.model;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.Internal;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Parses textual values (directive defaults, filter values) into the Java value of a field type:
 * String, Long, Double, Boolean or Instant.
 */
@Internal
public final class Values {

    /** RFC 3339 date-time: seconds required, fraction optional, a zone offset or Z; T, t or a space between. */
    private static final Pattern RFC_3339 = Pattern.compile(
        "\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})");

    private Values() {
    }

    /**
     * @param type the field type (scalar types only)
     * @param text the text
     * @return the parsed value
     * @throws IllegalArgumentException with a message fit for a client when the text does not parse
     */
    public static Object parseScalar(FieldType type, String text) {
        switch (type) {
            case STRING:
                return text;
            case INTEGER:
                try {
                    return Long.parseLong(text.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text + "' is not an integer");
                }
            case DECIMAL:
                try {
                    double d = Double.parseDouble(text.trim());
                    if (Double.isNaN(d) || Double.isInfinite(d)) {
                        throw new NumberFormatException();
                    }
                    return d;
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + text + "' is not a number");
                }
            case BOOLEAN:
                String lower = text.trim().toLowerCase(Locale.ROOT);
                if ("true".equals(lower)) {
                    return Boolean.TRUE;
                }
                if ("false".equals(lower)) {
                    return Boolean.FALSE;
                }
                throw new IllegalArgumentException("'" + text + "' is not true or false");
            case TIMESTAMP:
                return parseTimestamp(text);
            default:
                throw new IllegalArgumentException("a " + type.name().toLowerCase(Locale.ROOT) + " field takes no scalar value");
        }
    }

    /**
     * @param text an RFC 3339 timestamp
     * @return the instant, truncated to microseconds (the precision every supported database keeps)
     * @throws IllegalArgumentException when the text is not RFC 3339
     */
    public static Instant parseTimestamp(String text) {
        String trimmed = text.trim();
        if (!RFC_3339.matcher(trimmed).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not an RFC 3339 timestamp");
        }
        try {
            String iso = trimmed.replace(' ', 'T').replace('t', 'T').replace('z', 'Z');
            return OffsetDateTime.parse(iso).toInstant().truncatedTo(ChronoUnit.MICROS);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is not an RFC 3339 timestamp");
        }
    }

    /**
     * @param model       the model, for messages
     * @param column      the field, for messages
     * @param type        the field type
     * @param text        the directive's value
     * @param constraints the field's rules, which the default must satisfy
     * @return the default value cast to the field type
     * @throws FxConfigurationException naming the model and field when it does not parse or fit
     */
    public static Object parseDefault(String model, String column, FieldType type, String text, FieldConstraints constraints) {
        if (type.isJson()) {
            throw new FxConfigurationException("Model " + model + ", field " + column + ": default is not supported on JSON fields");
        }
        try {
            Object value = parseScalar(type, text);
            if (!constraints.enumValues().isEmpty() && !constraints.enumValues().contains(text)) {
                throw new IllegalArgumentException("'" + text + "' is not one of " + constraints.enumValues());
            }
            return value;
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException("Model " + model + ", field " + column + ": invalid default: " + e.getMessage());
        }
    }

    /**
     * @param model     the model, for messages
     * @param column    the field, for messages
     * @param directive {@code min} or {@code max}
     * @param text      the directive's value
     * @return the bound
     * @throws FxConfigurationException naming the model and field when it is not a number
     */
    public static Double parseBound(String model, String column, String directive, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new FxConfigurationException("Model " + model + ", field " + column + ": " + directive + ":" + text
                + " is not a number");
        }
    }
}
